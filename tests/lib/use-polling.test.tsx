// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { usePolling } from '../../src/lib/use-polling';
import { fakePagePresence } from './page-presence';

const { flush, setVisibility, setOnline } = fakePagePresence();

describe('polling (chat every 2 s, driver location every 30 s)', () => {
  it('ticks at once, then every interval after the previous tick ends', async () => {
    const tick = vi.fn(async () => undefined);
    renderHook(() => usePolling(tick, 2000));
    await flush();
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(tick).toHaveBeenCalledTimes(4);
  });

  it('does not poll while disabled (a task without a driverId)', async () => {
    const tick = vi.fn();
    renderHook(() => usePolling(tick, 30_000, false));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tick).not.toHaveBeenCalled();
  });

  it('pauses while the page is hidden and ticks again at once when it shows', async () => {
    const tick = vi.fn(async () => undefined);
    renderHook(() => usePolling(tick, 2000));
    await flush();
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(tick).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await flush();
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('pauses while offline and ticks again when the network returns', async () => {
    const tick = vi.fn(async () => undefined);
    renderHook(() => usePolling(tick, 30_000));
    await flush();
    setOnline(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tick).toHaveBeenCalledTimes(1);
    setOnline(true);
    await flush();
    expect(tick).toHaveBeenCalledTimes(2);
  });

  it('a failing tick does not stop the polling; unmounting does', async () => {
    const tick = vi.fn(async () => Promise.reject(new Error('network')));
    const view = renderHook(() => usePolling(tick, 2000));
    await flush();
    await vi.advanceTimersByTimeAsync(2000);
    expect(tick).toHaveBeenCalledTimes(2);
    view.unmount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});
