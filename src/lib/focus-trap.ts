/**
 * Keeps Tab and Shift+Tab inside a modal: from the last focusable element Tab goes to the
 * first, and back. Used by every modal (the shared Modal and the test checkout).
 */
export const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function wrapTabFocus(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement | null,
): void {
  if (event.key !== 'Tab' || !container) return;
  // Skip elements that are not rendered (where there is layout at all: not in jsdom).
  const hasLayout = container.getClientRects().length > 0;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)].filter(
    (element) => !hasLayout || element.getClientRects().length > 0 || element === document.activeElement,
  );
  if (focusable.length === 0) return;
  const first = focusable[0]!;
  const last = focusable[focusable.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
