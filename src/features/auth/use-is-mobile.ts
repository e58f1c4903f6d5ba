import { useSyncExternalStore } from 'react';

/** Mobile is below 768px wide (docs/product.md, Constants); the login and sign-up texts differ there. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(MOBILE_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const isMobileNow = () => query()?.matches ?? false;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
