/**
 * A ref callback that brings its element into view once, when it first shows: on a phone the
 * booking just made may otherwise sit below the fold (Home after a booking). At the next frame:
 * coming from the task page, its dialog closes (and the router settles the scroll) after Home's
 * first commit, which would undo a scroll made during it.
 */
export function scrollIntoViewOnce(element: HTMLElement | null): void {
  if (!element || element.dataset.scrolled) return;
  element.dataset.scrolled = 'true';
  requestAnimationFrame(() => {
    if (element.isConnected) element.scrollIntoView?.({ block: 'center' });
  });
}
