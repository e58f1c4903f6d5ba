/**
 * The app taking over a prerendered screen (scripts/prerender.ts: the signed-out screens and the
 * booking form). The server sent the screen's markup in `#prerendered`, beside the empty `#root`
 * the app renders into (unseen while the prerendered copy is there); the client may have typed,
 * moved focus and even submitted before the app started. When the app's screen is in `#root`
 * (in the same task as React's commit, before the next paint), the prerendered copy goes, what
 * was typed, ticked and focused is carried over to the app's fields, and a form submitted
 * meanwhile (held by the page's inline script) is submitted once, now.
 */

declare global {
  interface Window {
    /** The prerendered form the client submitted before the app started (set by the inline script). */
    __greenpickSubmit?: HTMLFormElement;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const FIELDS = 'input, textarea, select';

/**
 * A field's label as a key (its type, its label's text, else its accessible name): React's
 * generated ids differ between the prerender and the app, the labels do not.
 */
function labelKey(field: Field): string | null {
  const label = field.labels?.[0]?.textContent?.trim() || field.getAttribute('aria-label')?.trim();
  return label ? `${field.type}|${label}` : null;
}

/**
 * The app's field that stands for a prerendered one: the same id, else the same name in the
 * same form, else the same label (first of its kind).
 */
function counterpart(field: Field, from: HTMLElement, to: HTMLElement): Field | null {
  const byId = field.id ? to.querySelector<Field>(`#${CSS.escape(field.id)}`) : null;
  if (byId) return byId;
  const form = field.form;
  if (form && field.name) {
    const twin = to.querySelectorAll('form')[[...from.querySelectorAll('form')].indexOf(form)];
    const named = twin?.querySelector<Field>(`[name="${CSS.escape(field.name)}"]`);
    if (named) return named;
  }
  const key = labelKey(field);
  if (!key) return null;
  return [...to.querySelectorAll<Field>(FIELDS)].find((candidate) => labelKey(candidate) === key) ?? null;
}

/** Sets a field's value as typing would, so that React's onChange sees it (React tracks the value setter). */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Pairs each prerendered field with the app's, and the focused one, while both copies are in
 * the page (a label's `for` is looked up in the document).
 */
function matchFields(from: HTMLElement, to: HTMLElement) {
  const pairs: [Field, Field][] = [];
  for (const field of from.querySelectorAll<Field>(FIELDS)) {
    const twin = counterpart(field, from, to);
    if (twin && twin.type === field.type) pairs.push([field, twin]);
  }
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && from.contains(active) && active.matches(FIELDS) ? active : null;
  return { pairs, focused: focused ? (pairs.find(([field]) => field === focused) ?? null) : null };
}

/** Sets the app's fields to what the client left in the prerendered ones, and its focus and caret. */
function carryOver({ pairs, focused }: ReturnType<typeof matchFields>): void {
  for (const [field, twin] of pairs) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // React listens to clicks on these: a click makes the change, as the client's did.
      if (twin instanceof HTMLInputElement && twin.checked !== field.checked) twin.click();
    } else if (twin.value !== field.value) typeInto(twin, field.value);
  }
  if (!focused) return;
  const [active, twin] = focused;
  twin.focus({ preventScroll: true });
  // The caret where it was (e-mail fields have no selection API: it stays at the end there).
  if (
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

/** The form the app should submit for one the client submitted on the prerendered screen. */
function pendingSubmit(from: HTMLElement, to: HTMLElement): HTMLFormElement | null {
  const held = window.__greenpickSubmit;
  window.__greenpickSubmit = undefined;
  if (!held || !from.contains(held)) return null;
  return to.querySelectorAll('form')[[...from.querySelectorAll('form')].indexOf(held)] ?? null;
}

/**
 * Whether the app's screen is ready to take over: it has a `<main>` and what the prerendered
 * screen names in `data-handoff` (the booking form, which mounts after its heading); or the app
 * went somewhere else (the login screen, a session that ended), where nothing is carried over.
 */
function isReady(prerendered: HTMLElement, root: HTMLElement, path: string): boolean {
  if (!root.querySelector('main')) return false;
  const awaited = prerendered.querySelector('[data-handoff]')?.getAttribute('data-handoff');
  return !awaited || root.querySelector(awaited) !== null || location.pathname !== path;
}

/**
 * Watches `root` for the app's screen and then hands the prerendered one over; nothing to do
 * on a page that was not prerendered. Call before the app renders.
 */
export function handOverPrerendered(root: HTMLElement): void {
  const prerendered = document.getElementById('prerendered');
  if (!prerendered) return;
  const path = location.pathname;
  // A MutationObserver's callback runs right after React's commit, before the browser paints:
  // the two copies are never seen together, and nothing typed between is lost.
  const observer = new MutationObserver(() => {
    if (!isReady(prerendered, root, path)) return;
    observer.disconnect();
    const fields = matchFields(prerendered, root);
    // Then gone, so that #root shows (the page's CSS hides it until then) and its fields can take focus.
    prerendered.remove();
    carryOver(fields);
    const form = pendingSubmit(prerendered, root);
    // In a task of its own, once React has applied the carried-over values.
    if (form) setTimeout(() => form.requestSubmit());
  });
  observer.observe(root, { childList: true, subtree: true });
}
