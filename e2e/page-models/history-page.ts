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

  card(reference: string): Locator {
    return this.page.getByRole('article', { name: `#${reference}` });
  }

  /** The value shown after a label (Address, Address details, Coordinates, Driver, Date, Amount) in a card. */
  field(card: Locator, label: string): Locator {
    // The whole label: 'Address' is not 'Address details'.
    return card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  }
}
