/**
 * A ref callback that brings its element into view once, when it first shows: on a phone the
 * booking just made may otherwise sit below the fold (Home after a booking).
 */
export function scrollIntoViewOnce(element: HTMLElement | null): void {
  if (!element || element.dataset.scrolled) return;
  element.dataset.scrolled = 'true';
  element.scrollIntoView?.({ block: 'center' });
}
