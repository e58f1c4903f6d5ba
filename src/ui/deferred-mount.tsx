import { useDeferredValue, type ReactNode } from 'react';

/**
 * Mounts `children` in a background render just after the first commit of the screen around
 * them (nothing shows in their place meanwhile), so a large screen's first render is not one
 * long task on a slow phone. Keep the heading outside: it paints, and takes focus, with the
 * first commit (docs/architecture.md, 'The first paint').
 */
export function DeferredMount({ children }: { children: ReactNode }) {
  const isMounted = useDeferredValue(true, false);
  // Prerendered (scripts/prerender-app.tsx), the page is the HTML: nothing renders later.
  return isMounted || import.meta.env.SSR ? children : null;
}
