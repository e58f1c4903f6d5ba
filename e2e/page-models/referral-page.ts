import { expect, type Locator, type Page } from '@playwright/test';

/** The referral code screen (/client/referal). */
export class ReferralPage {
  readonly heading: Locator;
  readonly code: Locator;
  readonly copyButton: Locator;
  readonly shareButton: Locator;
  readonly shareTargets: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Your Referral Code' });
    this.code = page.locator('output.referral-code');
    this.copyButton = page.getByRole('button', { name: /^(Copy|Copied!)$/ });
    this.shareButton = page.getByRole('button', { name: 'Share Referral Link' });
    this.shareTargets = page.getByRole('list', { name: 'Share on' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/client/referal');
    await this.expectShown();
    return this;
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/client\/referal$/);
    await expect(this.heading).toBeVisible();
  }

  target(name: 'Facebook' | 'Twitter' | 'LinkedIn' | 'Email'): Locator {
    return this.shareTargets.getByRole('link', { name });
  }
}
