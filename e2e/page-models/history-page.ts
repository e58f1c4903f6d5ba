import { expect, type Locator, type Page } from '@playwright/test';

/** Order history (/client/history): one card per order, newest first. */
export class HistoryPage {
  readonly heading: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Order History', level: 1 });
    this.cards = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  }

  async goto(): Promise<this> {
    await this.page.goto('/client/history');
    await expect(this.heading).toBeVisible();
    return this;
  }

  /** The card of the order with this reference (shown as '#reference' in the card). */
  card(reference: string): Locator {
    return this.cards.filter({ has: this.page.locator('dd', { hasText: `#${reference}` }) });
  }

  /** The value shown after a label (Address, Address details, Driver, Amount, Reference, Coordinates) in a card. */
  field(card: Locator, label: string): Locator {
    // The whole label: 'Address' is not 'Address details'.
    return card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }
}
