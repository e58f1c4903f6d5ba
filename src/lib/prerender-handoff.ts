/**
 * The app taking over a prerendered signed-out screen (scripts/prerender.ts). The server sent
 * the screen's markup in `#prerendered`, beside the empty `#root` the app renders into; the
 * client may have typed, moved focus and even submitted before the app started. When the app's
 * first screen is in `#root` (in the same task as React's commit, before the next paint), what
 * was typed, ticked and focused is carried over to the app's fields, the prerendered copy goes,
 * and a form submitted meanwhile (held by the page's inline script) is submitted once, now.
 */

declare global {
  interface Window {
    /** The prerendered form the client submitted before the app started (set by the inline script). */
    __greenpickSubmit?: HTMLFormElement;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input, textarea, select';

/** The app's field that stands for a prerendered one: the same id, else the same name in the same form. */
function counterpart(field: Field, from: HTMLElement, to: HTMLElement): Field | null {
  if (field.id) return to.querySelector<Field>(`#${CSS.escape(field.id)}`);
  const form = field.form;
  if (!form || !field.name) return null;
  const twin = to.querySelectorAll('form')[[...from.querySelectorAll('form')].indexOf(form)];
  return twin?.querySelector<Field>(`[name="${CSS.escape(field.name)}"]`) ?? null;
}

/** Sets a field's value as typing would, so that React's onChange sees it (React tracks the value setter). */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

function carryOver(from: HTMLElement, to: HTMLElement): void {
  for (const field of from.querySelectorAll<Field>(FIELDS)) {
    const twin = counterpart(field, from, to);
    if (!twin || twin.type !== field.type) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // React listens to clicks on these: a click makes the change, as the client's did.
      if (twin instanceof HTMLInputElement && twin.checked !== field.checked) twin.click();
    } else if (twin.value !== field.value) typeInto(twin, field.value);
  }
  const active = document.activeElement;
  if (active instanceof HTMLElement && from.contains(active)) {
    const twin = active.matches(FIELDS) ? counterpart(active as Field, from, to) : null;
    twin?.focus({ preventScroll: true });
    // The caret where it was (e-mail fields have no selection API: it stays at the end there).
    if (
      twin &&
      (twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement) &&
      (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)
    ) {
      try {
        if (active.selectionStart !== null && active.selectionEnd !== null)
          twin.setSelectionRange(active.selectionStart, active.selectionEnd, active.selectionDirection ?? undefined);
      } catch {
        // A type without a caret.
      }
    }
  }
}

/** The form the app should submit for one the client submitted on the prerendered screen. */
function pendingSubmit(from: HTMLElement, to: HTMLElement): HTMLFormElement | null {
  const held = window.__greenpickSubmit;
  window.__greenpickSubmit = undefined;
  if (!held || !from.contains(held)) return null;
  return to.querySelectorAll('form')[[...from.querySelectorAll('form')].indexOf(held)] ?? null;
}

/**
 * Watches `root` for the app's first screen (a `<main>`) and then hands the prerendered one
 * over; nothing to do on a page that was not prerendered. Call before the app renders.
 */
export function handOverPrerendered(root: HTMLElement): void {
  const prerendered = document.getElementById('prerendered');
  if (!prerendered) return;
  // A MutationObserver's callback runs right after React's commit, before the browser paints:
  // the two copies are never seen together, and nothing typed between is lost.
  const observer = new MutationObserver(() => {
    if (!root.querySelector('main')) return;
    observer.disconnect();
    carryOver(prerendered, root);
    const form = pendingSubmit(prerendered, root);
    prerendered.remove();
    // In a task of its own, once React has applied the carried-over values.
    if (form) setTimeout(() => form.requestSubmit());
  });
  observer.observe(root, { childList: true, subtree: true });
}
