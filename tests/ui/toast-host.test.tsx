// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The host keeps its state at module level (one container per app): a fresh module per test.
let host: typeof import('../../src/ui/toast-host');
beforeEach(async () => {
  vi.resetModules();
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  host = await import('../../src/ui/toast-host');
});
afterEach(cleanup);

describe('ToastHost', () => {
  it('shows nothing, and loads nothing, until a toast or the first screen asks for it', () => {
    const { container } = render(<host.ToastHost />);
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('.Toastify')).toBeNull();
  });

  it('mounts the container once asked, and shows a toast asked for before it was there', async () => {
    render(<host.ToastHost />);
    act(() => host.notify((toast) => toast.success('Ready to work offline')));
    expect(await screen.findByText('Ready to work offline')).toBeTruthy();
    expect(document.querySelector('.Toastify')).not.toBeNull();
  });

  it('mounts at once when it was asked for before it rendered', async () => {
    host.requestToastHost();
    render(<host.ToastHost />);
    await vi.waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull(), { timeout: 15_000 });
  });

  it('settles a loading toast asked for before the container mounted (an update of a queued toast is lost)', async () => {
    const { toast } = await import('react-toastify');
    const loadingId = toast.loading('Creating Account...');
    const shownId = host.settleToast(toast, loadingId, {
      render: 'Email already exists',
      type: 'error',
      isLoading: false,
    });
    expect(shownId).not.toBe(loadingId);
    host.requestToastHost();
    render(<host.ToastHost />);
    expect(await screen.findByText('Email already exists')).toBeTruthy();
    expect(screen.queryByText('Creating Account...')).toBeNull();
  });

  it('updates a shown loading toast in place', async () => {
    const { toast } = await import('react-toastify');
    host.requestToastHost();
    render(<host.ToastHost />);
    await vi.waitFor(() => expect(document.querySelector('.Toastify')).not.toBeNull(), { timeout: 15_000 });
    let loadingId: string | number = '';
    act(() => {
      loadingId = toast.loading('Creating Account...');
    });
    await screen.findByText('Creating Account...');
    act(() => {
      expect(host.settleToast(toast, loadingId, { render: 'Account created', type: 'success', isLoading: false })).toBe(
        loadingId,
      );
    });
    expect(await screen.findByText('Account created')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('Creating Account...')).toBeNull(), { timeout: 15_000 });
  });
});
