import { expect, type Locator, type Page } from '@playwright/test';

/** The local test checkout (no Paystack key): a modal labelled as a test payment. */
export class TestCheckout {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Test payment - no money moves' });
  }

  payButton(amount: string): Locator {
    return this.dialog.getByRole('button', { name: `Pay NGN ${amount}` });
  }

  async pay(amount: string): Promise<void> {
    await this.payButton(amount).click();
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

/** Create a task (/client/create): address search, map, Task Summary and Proceed to Payment. */
export class CreateTaskPage {
  readonly addressInput: Locator;
  readonly options: Locator;
  readonly marker: Locator;
  readonly coordinates: Locator;
  readonly mapPlaceholder: Locator;
  readonly summary: Locator;
  readonly proceedButton: Locator;

  constructor(readonly page: Page) {
    this.addressInput = page.getByRole('combobox', { name: 'Address' });
    this.options = page.getByRole('listbox', { name: 'Suggested places' }).getByRole('option');
    this.marker = page.getByRole('img', { name: 'Your selected location' });
    this.coordinates = page.getByTestId('selected-coordinates');
    this.mapPlaceholder = page.getByText('Please type an address above to see the map');
    this.summary = page.getByRole('region', { name: 'Task Summary' });
    this.proceedButton = page.getByRole('button', { name: /^(Proceed to Payment|Processing\.\.\.)$/ });
  }

  async expectShown(serviceName: string): Promise<this> {
    await expect(this.page).toHaveURL(/\/client\/create$/);
    await expect(this.page.getByRole('heading', { name: `${serviceName} Task`, level: 1 })).toBeVisible();
    return this;
  }

  /** The value after a Task Summary label (Service Type, Price, Pricing Unit). */
  fact(label: 'Service Type' | 'Price' | 'Pricing Unit'): Locator {
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
}
