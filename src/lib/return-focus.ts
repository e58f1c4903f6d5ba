/**
 * Focus goes back to what opened a page once the page is left with Back, as it did when Task
 * Details was a modal over Home: the opener (a 'View Task' button or an open task's card) carries
 * `data-return-focus` with a key of its own; the screen that had it, shown again, focuses it.
 */
import { useLayoutEffect } from 'react';

let pendingKey: string | null = null;

/**
 * Called as a page opens: remembers the opener if it has focus (a keyboard user's; a tap may
 * not focus a button, and then there is no focus to give back).
 */
export function rememberOpener(): void {
  const active = document.activeElement;
  pendingKey = active instanceof HTMLElement ? active.getAttribute('data-return-focus') : null;
}

/**
 * On the screen's mount: focuses the remembered opener when it is there (returning, the data is
 * in the cache, so it renders at once). Forgotten either way: it is for the very next screen only.
 */
export function useReturnFocus(): void {
  useLayoutEffect(() => {
    const key = pendingKey;
    pendingKey = null;
    if (key) document.querySelector<HTMLElement>(`[data-return-focus="${CSS.escape(key)}"]`)?.focus();
  }, []);
}
