import { useEffect, useRef } from 'react';

function canPoll(): boolean {
  return document.visibilityState !== 'hidden' && navigator.onLine !== false;
}

/**
 * Runs `tick` now and then every `intervalMs` (counted from the end of the previous tick, so
 * a slow network never stacks requests) while `enabled`. It pauses while the page is hidden
 * or the browser is offline, and ticks again at once when the page shows or the network
 * returns. Errors of a tick are the caller's; they never stop the polling.
 */
export function usePolling(tick: () => unknown, intervalMs: number, enabled = true): void {
  const latestTick = useRef(tick);
  latestTick.current = tick;

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isRunning = false;
    let isStopped = false;

    const run = async () => {
      clearTimeout(timer);
      timer = undefined;
      if (isStopped || isRunning || !canPoll()) return;
      isRunning = true;
      try {
        await latestTick.current();
      } catch {
        // the next tick tries again
      } finally {
        isRunning = false;
      }
      if (!isStopped && canPoll()) timer = setTimeout(run, intervalMs);
    };
    const onChange = () => {
      if (!canPoll()) {
        clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined) void run();
    };

    void run();
    document.addEventListener('visibilitychange', onChange);
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      isStopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onChange);
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  }, [enabled, intervalMs]);
}
