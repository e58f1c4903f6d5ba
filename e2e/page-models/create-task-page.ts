import { expect, type Locator, type Page } from '@playwright/test';
import { appHasTakenOver } from '../support/network';

/** The local test checkout (no Paystack key): a modal labelled as a test payment. */
export class TestCheckout {
  readonly dialog: Locator;
  /** Offered when the payment allows bank transfer (a booking does, a plan does not). */
  readonly transferButton: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Test payment - no money moves' });
    this.transferButton = this.dialog.getByRole('button', { name: 'Pay by bank transfer' });
  }

  payButton(amount: string): Locator {
    return this.dialog.getByRole('button', { name: `Pay NGN ${amount}` });
  }

  async pay(amount: string): Promise<void> {
    await this.payButton(amount).click();
    await expect(this.dialog).toBeHidden();
  }

  /** A bank transfer Paystack has not confirmed yet: the test ledger keeps it pending until POST /dev/payments/settle. */
  async payByTransfer(): Promise<void> {
    await this.transferButton.click();
    await expect(this.dialog).toBeHidden();
  }

  async cancel(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.dialog).toBeHidden();
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toBeHidden();
  }
}

/**
 * Create a task (/client/create): address search, current location, map (pin, tap, tiles),
 * address details, Task Summary and Proceed to Payment; opened directly, the service picker.
 */
export class CreateTaskPage {
  readonly addressInput: Locator;
  readonly options: Locator;
  readonly marker: Locator;
  readonly coordinates: Locator;
  readonly mapPlaceholder: Locator;
  readonly summary: Locator;
  /** The phone's bottom sheet's handle ('Show details: <service>, <amount>'); hidden from 768px. */
  readonly sheetToggle: Locator;
  readonly proceedButton: Locator;
  readonly currentLocationButton: Locator;
  readonly locationError: Locator;
  readonly addressDetails: Locator;
  readonly noPlacesFound: Locator;
  readonly noPlacesHint: Locator;
  readonly map: Locator;
  readonly mapCanvas: Locator;
  readonly mapUnavailable: Locator;
  readonly servicePickerHeading: Locator;

  constructor(readonly page: Page) {
    this.addressInput = page.getByRole('combobox', { name: 'Address' });
    this.options = page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option');
    this.marker = page.getByRole('img', { name: 'Your selected location' });
    this.coordinates = page.getByTestId('selected-coordinates');
    this.mapPlaceholder = page.getByText('Please type an address above to see the map');
    this.summary = page.getByRole('region', { name: 'Task Summary' });
    this.sheetToggle = this.summary.getByRole('button', { name: /^(Show|Hide) details: / });
    this.proceedButton = page.getByRole('button', {
      name: /^(Proceed to Payment|Book \(covered by your plan\)|Processing\.\.\.)$/,
    });
    this.currentLocationButton = page.getByRole('button', {
      name: /^(Use my current location|Finding your location\.\.\.)$/,
    });
    this.locationError = page.locator('.current-location').getByRole('alert');
    this.addressDetails = page.getByRole('textbox', { name: /^Address details/ });
    this.noPlacesFound = page.getByText('No places found', { exact: true });
    this.noPlacesHint = page.getByText(
      'Try a nearby area, street or market, use your current location, or choose the nearest area and move the pin on the map.',
    );
    this.map = page.getByRole('region', { name: 'Map' });
    this.mapCanvas = this.map.locator('canvas.maplibregl-canvas');
    this.mapUnavailable = this.map
      .getByRole('status')
      .filter({ hasText: 'Map unavailable - showing approximate position' });
    this.servicePickerHeading = page.getByRole('heading', { name: 'Choose a Service', level: 1 });
  }

  async expectShown(serviceName: string): Promise<this> {
    await expect(this.page).toHaveURL(/\/client\/create$/);
    await expect(this.page.getByRole('heading', { name: `${serviceName} Task`, level: 1 })).toBeVisible();
    return this;
  }

  /** On a direct visit (no service chosen on the dashboard): chooses one in the picker. */
  async pickService(serviceName: string): Promise<this> {
    await expect(this.servicePickerHeading).toBeVisible();
    await this.page.getByRole('button', { name: serviceName, exact: true }).click();
    return this.expectShown(serviceName);
  }

  /** The chosen point as numbers, from the coordinates shown ('6.596500, 3.342100'). */
  async chosenPoint(): Promise<{ lat: number; lng: number }> {
    const [lat, lng] = (await this.coordinates.innerText()).split(',').map(Number);
    return { lat: lat!, lng: lng! };
  }

  /** Waits until MapLibre has drawn its canvas (WebGL in headless Chromium) and the pin is on it. */
  async waitForMap(): Promise<void> {
    await expect(this.mapCanvas).toBeVisible();
    await expect(this.map.locator('.maplibregl-marker')).toBeVisible();
    await expect(this.map.locator('[data-tile-status]')).not.toHaveAttribute('data-tile-status', 'waiting', {
      timeout: 15_000,
    });
  }

  /**
   * Sets the address details as typing would, without taking focus (a drag holds the mouse):
   * the screen renders again, map and all.
   */
  async setAddressDetailsInPlace(text: string): Promise<void> {
    await this.addressDetails.evaluate((field: HTMLTextAreaElement, value) => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }, text);
  }

  /** Drags the pin by (dx, dy) pixels with the mouse; `whileHeld` runs before the button is let go. */
  async dragPin(dx: number, dy: number, whileHeld?: () => Promise<void>): Promise<void> {
    // A phone shows the map below the form: the mouse reaches only what is on screen.
    await this.mapCanvas.scrollIntoViewIfNeeded();
    const pin = (await this.map.locator('.maplibregl-marker').boundingBox())!;
    // Grab the pin's head, well inside its element.
    const x = pin.x + pin.width / 2;
    const y = pin.y + pin.height / 3;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
    await this.page.mouse.move(x + dx, y + dy, { steps: 5 });
    await whileHeld?.();
    await this.page.mouse.up();
  }

  /** Taps the map (dx, dy) pixels from its centre. */
  async tapMap(dx: number, dy: number): Promise<void> {
    await this.mapCanvas.scrollIntoViewIfNeeded();
    const box = (await this.mapCanvas.boundingBox())!;
    await this.page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
  }

  /** Where the pin's tip is, relative to the map's centre (the pin is anchored at its bottom). */
  async pinOffsetFromCentre(): Promise<{ dx: number; dy: number }> {
    const [pin, map] = await Promise.all([
      this.map.locator('.maplibregl-marker').boundingBox(),
      this.mapCanvas.boundingBox(),
    ]);
    return {
      dx: pin!.x + pin!.width / 2 - (map!.x + map!.width / 2),
      dy: pin!.y + pin!.height - (map!.y + map!.height / 2),
    };
  }

  /** On a phone, opens the Task Summary's bottom sheet (one line until opened); from 768px it is always open. */
  async openSummary(): Promise<void> {
    // Decided by the width, not by whether the toggle is drawn yet (isVisible does not wait).
    if ((this.page.viewportSize()?.width ?? 0) >= 768) return;
    await expect(this.sheetToggle).toBeVisible();
    if ((await this.sheetToggle.getAttribute('aria-expanded')) === 'true') return;
    await this.sheetToggle.click();
    await expect(this.sheetToggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** The value after a Task Summary label (Service Type, Price, Pricing Unit). */
  fact(label: 'Service Type' | 'Price' | 'Pricing Unit' | 'Total'): Locator {
    return this.summary.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  /**
   * Types a place and chooses a suggestion with the keyboard (Down until it is active, then
   * Enter), once the list is the one for this text (not busy: older suggestions may still show).
   */
  async chooseAddress(query: string, option: RegExp | string): Promise<void> {
    await this.addressInput.fill(query);
    await expect(this.page.getByRole('listbox', { name: 'Suggested places' })).toHaveAttribute('aria-busy', 'false');
    const wanted = this.options.filter({ hasText: option }).first();
    await expect(wanted).toBeVisible();
    const index = await wanted.evaluate((element) => [...element.parentElement!.children].indexOf(element));
    for (let step = 0; step <= index; step += 1) await this.addressInput.press('ArrowDown');
    await expect(wanted).toHaveAttribute('aria-selected', 'true');
    await expect(this.addressInput).toHaveAttribute('aria-activedescendant', (await wanted.getAttribute('id'))!);
    await this.addressInput.press('Enter');
    await expect(this.marker).toBeVisible();
  }

  async proceed(): Promise<TestCheckout> {
    await this.proceedButton.click();
    const checkout = new TestCheckout(this.page);
    await expect(checkout.dialog).toBeVisible();
    return checkout;
  }

  /**
   * Opens the booking screen and books `count` of a service priced per unit at Ikeja: the
   * service's price and unit as the screen shows them, the count asked by `question`, and
   * `total` paid; ends on the new task's page.
   */
  async bookCounted(booking: {
    service: string;
    price: string;
    unit: string;
    question: string;
    count: number;
    total: string;
  }): Promise<void> {
    await this.page.goto('/client/create');
    await appHasTakenOver(this.page);
    await this.pickService(booking.service);
    await expect(this.fact('Price')).toHaveText(booking.price);
    await expect(this.fact('Pricing Unit')).toHaveText(booking.unit);
    await this.page.getByRole('spinbutton', { name: booking.question }).fill(String(booking.count));
    await this.addressInput.fill('Ik');
    await this.chooseAddress('Ikeja', /^Ikeja/);
    const checkout = await this.proceed();
    await checkout.pay(booking.total);
    await expect(this.page).toHaveURL(/\/client\/tasks\/[^/]+$/);
  }
}
