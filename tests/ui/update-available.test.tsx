// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { OfflineMarker } from '../../src/ui/offline-marker';
import { UpdateAvailable } from '../../src/ui/update-available';

afterEach(cleanup);

describe('Update available', () => {
  it('Reload asks to apply the update; when unsent chat blocks it, says why and stays', async () => {
    const onReload = vi.fn().mockResolvedValue('unsent-chat');
    render(<UpdateAvailable onReload={onReload} />);
    expect(screen.getByText('Update available')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(
      await screen.findByText('Your messages are still waiting to be sent. Reload once they are sent.'),
    ).toBeTruthy();
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('during a payment: asks to finish it first', async () => {
    render(<UpdateAvailable onReload={vi.fn().mockResolvedValue('payment')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Finish your payment first, then reload.')).toBeTruthy();
  });
});

describe('the offline marker', () => {
  it("shows 'Offline - last updated <time>' for data from the device, nothing for fresh data", () => {
    const { container, rerender } = render(<OfflineMarker cachedAt={null} />);
    expect(container.textContent).toBe('');
    rerender(<OfflineMarker cachedAt={Date.now()} />);
    expect(screen.getByTestId('offline-marker').textContent).toMatch(/^Offline - last updated \d{2}:\d{2}$/);
  });
});
