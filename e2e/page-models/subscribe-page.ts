import { expect, type Locator, type Page } from '@playwright/test';

/** 'Choose Your Plan' (/client/subscribe) and the local test checkout it opens. */
export class SubscribePage {
  readonly heading: Locator;
  readonly subscribeButton: Locator;
  readonly checkout: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Choose Your Plan' });
    this.subscribeButton = page.getByRole('button', { name: /^(Subscribe Now|Processing\.\.\.)$/ });
    this.checkout = page.getByRole('dialog', { name: 'Test payment - no money moves' });
  }

  /** The screen with its plans: they are read from the server (the admin's), after the heading. */
  async goto(): Promise<this> {
    await this.page.goto('/client/subscribe');
    await expect(this.heading).toBeVisible();
    await expect(this.plan('Bronze')).toBeVisible();
    return this;
  }

  plan(name: 'Bronze' | 'Silver' | 'Gold' | 'Platinum'): Locator {
    return this.page.getByRole('radio', { name });
  }

  planCard(name: 'Bronze' | 'Silver' | 'Gold' | 'Platinum'): Locator {
    return this.page.locator('label.plan-option', { has: this.plan(name) });
  }

  async payWithTestCheckout(): Promise<void> {
    await expect(this.checkout).toBeVisible();
    await this.checkout.getByRole('button', { name: /^Pay NGN / }).click();
  }
}
