import { useEffect, useRef } from 'react';

function isVisibleAndOnline(): boolean {
  return document.visibilityState !== 'hidden' && navigator.onLine !== false;
}

export interface LiveRefreshOptions {
  /** Refresh every `intervalMs` too (counted from the end of the previous refresh). */
  poll: boolean;
  intervalMs: number;
}

/**
 * Keeps a screen's data current while the client looks at it: `refresh` runs when the window
 * gets focus, when the page shows again and when the network returns, and, while `poll`, every
 * `intervalMs` (the first one `intervalMs` after the screen opened: it has just read). Never
 * two at once: a trigger during a refresh is dropped, and nothing runs or waits while the
 * page is hidden or offline. Errors are the caller's; they never stop the refreshing.
 */
export function useLiveRefresh(refresh: () => Promise<unknown>, { poll, intervalMs }: LiveRefreshOptions): void {
  const latestRefresh = useRef(refresh);
  latestRefresh.current = refresh;
  // Shared by every run of the effect below, so a change of `poll` never starts a second refresh beside one in flight.
  const isRefreshing = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;

    const stopWaiting = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const waitForNext = () => {
      stopWaiting();
      if (poll && !isStopped && isVisibleAndOnline()) timer = setTimeout(() => void run(), intervalMs);
    };
    const run = async () => {
      if (isStopped || isRefreshing.current || !isVisibleAndOnline()) return;
      stopWaiting();
      isRefreshing.current = true;
      try {
        await latestRefresh.current();
      } catch {
        // the next trigger tries again
      } finally {
        isRefreshing.current = false;
      }
      waitForNext();
    };
    const onTrigger = () => void run();
    const onVisibilityChange = () => (document.visibilityState === 'hidden' ? stopWaiting() : void run());

    waitForNext();
    window.addEventListener('focus', onTrigger);
    window.addEventListener('online', onTrigger);
    window.addEventListener('offline', stopWaiting);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      isStopped = true;
      stopWaiting();
      window.removeEventListener('focus', onTrigger);
      window.removeEventListener('online', onTrigger);
      window.removeEventListener('offline', stopWaiting);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [poll, intervalMs]);
}
