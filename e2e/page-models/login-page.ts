import { expect, type Locator, type Page } from '@playwright/test';

/** The landing and login screen (/ and /login). */
export class LoginPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Welcome Back' });
  }

  async goto(path: '/' | '/login' = '/'): Promise<this> {
    await this.page.goto(path);
    await this.expectShown();
    return this;
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveURL(/\/(login)?$/);
  }
}
