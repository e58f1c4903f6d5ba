/**
 * Moving to another screen moves focus to its heading, as a page load would: a screen-reader
 * user hears where they are and the next Tab starts at the top of the new screen, not on the
 * link that was clicked. Not on the first load (the browser starts at the top), not when only
 * the search or hash changed, and not when the new screen already put focus in a field or
 * back on the control that opened the screen left (a task page closed with Back).
 */
import type { AnyRouter } from '@tanstack/react-router';

/** Screens whose content renders a frame or two after the route resolves (lazy parts) get this long. */
const MAX_FRAMES = 30;

function screenHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
}

/** A field, or the control a screen gave focus back to (src/lib/return-focus.ts): the screen has placed focus. */
function hasFocusInField(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    active.matches('input, textarea, select, [contenteditable="true"], [data-return-focus]')
  );
}

function focusHeading(framesLeft: number): void {
  if (hasFocusInField()) return;
  const heading = screenHeading();
  if (!heading) {
    if (framesLeft > 0) requestAnimationFrame(() => focusHeading(framesLeft - 1));
    return;
  }
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

export function focusHeadingOnNavigation(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
    if (!fromLocation || !pathChanged) return;
    requestAnimationFrame(() => focusHeading(MAX_FRAMES));
  });
}
