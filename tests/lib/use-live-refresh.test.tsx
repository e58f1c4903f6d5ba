// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useLiveRefresh } from '../../src/lib/use-live-refresh';
import { fakePagePresence } from './page-presence';

const { flush, setVisibility, setOnline } = fakePagePresence();

describe('Home keeps open tasks current while it is visible', () => {
  it('every 30 s while polling, counted from the end of the previous refresh; not at once (the screen has just read)', async () => {
    const refresh = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 5000)));
    renderHook(() => useLiveRefresh(refresh, { poll: true, intervalMs: 30_000 }));
    await flush();
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The refresh takes 5 s; the next one comes 30 s after it ended.
    await vi.advanceTimersByTimeAsync(34_999);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('without an open task it does not poll, but focus, showing the page again and the network returning still refresh', async () => {
    const refresh = vi.fn(async () => undefined);
    renderHook(() => useLiveRefresh(refresh, { poll: false, intervalMs: 30_000 }));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    setVisibility('hidden');
    setVisibility('visible');
    await flush();
    expect(refresh).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('online'));
    await flush();
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('never two at once: a focus during a refresh is dropped', async () => {
    let finish: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderHook(() => useLiveRefresh(refresh, { poll: true, intervalMs: 30_000 }));
    window.dispatchEvent(new Event('focus'));
    await flush();
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('online'));
    setVisibility('visible');
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    finish();
    await flush();
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('stops while the page is hidden and refreshes at once when it shows again', async () => {
    const refresh = vi.fn(async () => undefined);
    renderHook(() => useLiveRefresh(refresh, { poll: true, intervalMs: 30_000 }));
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(300_000);
    expect(refresh).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('focus'));
    await flush();
    expect(refresh).not.toHaveBeenCalled();
    setVisibility('visible');
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('stops while offline and refreshes when the network returns', async () => {
    const refresh = vi.fn(async () => undefined);
    renderHook(() => useLiveRefresh(refresh, { poll: true, intervalMs: 30_000 }));
    setOnline(false);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(refresh).not.toHaveBeenCalled();
    setOnline(true);
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh does not stop it; polling stops when no task is open any more', async () => {
    const refresh = vi.fn(async () => {
      throw new Error('offline');
    });
    const { rerender } = renderHook(({ poll }) => useLiveRefresh(refresh, { poll, intervalMs: 30_000 }), {
      initialProps: { poll: true },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    rerender({ poll: false });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('nothing after the screen is gone', async () => {
    const refresh = vi.fn(async () => undefined);
    const { unmount } = renderHook(() => useLiveRefresh(refresh, { poll: true, intervalMs: 30_000 }));
    unmount();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
