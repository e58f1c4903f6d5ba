// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { handOverPrerendered } from '../../src/lib/prerender-handoff';

/**
 * The hand-over of a prerendered screen whose fields carry React's generated ids (the booking
 * form): the app's ids differ, so fields are paired by their labels; it waits for the screen's
 * form (`data-handoff`), not for its heading.
 */
afterEach(() => {
  document.body.innerHTML = '';
});

// jsdom has no CSS.escape; browsers do. Enough for the ids below.
const withCss = globalThis as { CSS?: { escape: (value: string) => string } };
withCss.CSS ??= { escape: (value) => value.replace(/[^\w-]/g, (char) => `\\${char}`) };

/** The next microtask after the observer's callback. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

function page(): HTMLElement {
  document.body.innerHTML =
    '<div id="prerendered"><div data-booking="recycling" data-handoff=".create-task-layout, .service-picker"><main><div class="create-task-layout">' +
    '<label for="_R_1_-input">Address</label><input id="_R_1_-input" type="text" role="combobox">' +
    '<label for="_R_2_">How many kg?</label><input id="_R_2_" type="number" value="1">' +
    '<label><input type="radio" name="_R_3_-when" checked>As soon as possible</label>' +
    '<label><input type="radio" name="_R_3_-when">Choose a time</label>' +
    '</div></main></div></div><div id="root"></div>';
  return document.getElementById('root')!;
}

/** The app's form, with its own ids; `values` records what React would have been told. */
function appForm(values: string[]): string {
  document.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement;
    if (field.type !== 'radio') values.push(field.value);
  });
  return (
    '<main><div class="create-task-layout">' +
    '<label for="_r_a_-input">Address</label><input id="_r_a_-input" type="text" role="combobox">' +
    '<label for="_r_b_">How many kg?</label><input id="_r_b_" type="number" value="1">' +
    '<label><input type="radio" name="_r_c_-when" checked>As soon as possible</label>' +
    '<label><input type="radio" name="_r_c_-when">Choose a time</label>' +
    '</div></main>'
  );
}

describe('handOverPrerendered', () => {
  it("waits for the app's form, then carries typed values, the radio choice and the focus over by label", async () => {
    const root = page();
    const address = document.getElementById('_R_1_-input') as HTMLInputElement;
    address.value = 'Herbert Macaulay';
    (document.getElementById('_R_2_') as HTMLInputElement).value = '3';
    (document.querySelectorAll<HTMLInputElement>('#prerendered input[type=radio]')[1] as HTMLInputElement).checked =
      true;
    address.focus();
    address.setSelectionRange(4, 4);
    handOverPrerendered(root);

    // The heading alone: not yet (the form mounts in a later render).
    root.innerHTML = '<main><h1>Recycling Services Task</h1></main>';
    await settle();
    expect(document.getElementById('prerendered')).not.toBeNull();

    const values: string[] = [];
    root.innerHTML = appForm(values);
    await settle();
    expect(document.getElementById('prerendered')).toBeNull();
    const appAddress = document.getElementById('_r_a_-input') as HTMLInputElement;
    expect(appAddress.value).toBe('Herbert Macaulay');
    expect((document.getElementById('_r_b_') as HTMLInputElement).value).toBe('3');
    expect(values).toEqual(['Herbert Macaulay', '3']);
    expect(root.querySelectorAll<HTMLInputElement>('input[type=radio]')[1]?.checked).toBe(true);
    expect(document.activeElement).toBe(appAddress);
    expect(appAddress.selectionStart).toBe(4);
  });

  it('hands over at once when the app shows the picker instead (nothing to carry)', async () => {
    const root = page();
    handOverPrerendered(root);
    root.innerHTML = '<main><ul class="service-picker"><li><button type="button">Bulk</button></li></ul></main>';
    await settle();
    expect(document.getElementById('prerendered')).toBeNull();
  });
});
