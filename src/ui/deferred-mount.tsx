import { useDeferredValue, type ReactNode } from 'react';

/**
 * Mounts `children` in a background render just after the first commit of the screen around
 * them (which shows nothing in their place meanwhile).
 *
 * A navigation commits the new screen with a blocking (synchronous) React update, so a large
 * screen's first render is one long task: on a slow phone the browser can neither paint nor
 * answer a tap until the whole form is built. React renders a deferred value's update in slices
 * of a few milliseconds, yielding to the browser between them, and commits it when done (see
 * docs/architecture.md, The first paint). Keep what names the screen (its heading) outside, so
 * it paints, and takes focus after a navigation, with the first commit.
 */
export function DeferredMount({ children }: { children: ReactNode }) {
  const isMounted = useDeferredValue(true, false);
  return isMounted ? children : null;
}
