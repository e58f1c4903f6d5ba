import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/**
 * Fake timers and a page whose visibility and network the test sets: what the polling and
 * live-refresh hooks react to. Registers its own beforeEach/afterEach; call once per file.
 */
export function fakePagePresence() {
  let visibility: DocumentVisibilityState = 'visible';
  let online = true;

  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    online = true;
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  return {
    /** Lets pending timers at the current time and the promises behind them run. */
    flush: () => vi.advanceTimersByTimeAsync(0),
    setVisibility(next: DocumentVisibilityState) {
      visibility = next;
      document.dispatchEvent(new Event('visibilitychange'));
    },
    /** Sets navigator.onLine and fires the window's 'online' or 'offline' event, as a browser does. */
    setOnline(next: boolean) {
      online = next;
      window.dispatchEvent(new Event(next ? 'online' : 'offline'));
    },
  };
}
