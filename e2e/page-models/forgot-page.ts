import { expect, type Locator, type Page } from '@playwright/test';
import { appHasTakenOver } from '../support/network';

/** The pause between the digits of a typed code. */
export const CODE_KEY_DELAY_MS = 150;

/** Password recovery (/forgot): Email, Verify (four code boxes), Reset. */
export class ForgotPage {
  readonly emailHeading: Locator;
  readonly verifyHeading: Locator;
  readonly resetHeading: Locator;
  readonly backButton: Locator;

  constructor(readonly page: Page) {
    this.emailHeading = page.getByRole('heading', { name: 'Forgot Password' });
    this.verifyHeading = page.getByRole('heading', { name: 'Verify Code' });
    this.resetHeading = page.getByRole('heading', { name: 'Reset Password' });
    this.backButton = page.getByRole('button', { name: 'Back' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/forgot');
    await expect(this.emailHeading).toBeVisible();
    await appHasTakenOver(this.page);
    return this;
  }

  codeBox(position: 1 | 2 | 3 | 4): Locator {
    return this.page.getByRole('textbox', { name: `Digit ${position} of 4` });
  }

  async requestCode(email: string): Promise<void> {
    await this.page.getByLabel('Email Address').fill(email);
    await this.page.getByRole('button', { name: 'Send Code' }).click();
    await expect(this.verifyHeading).toBeVisible();
  }

  /** Types the code digit by digit, as a person would (focus moves on by itself). */
  async enterCode(code: string): Promise<void> {
    await this.codeBox(1).click();
    // As a person types: each digit moves the focus on (a React update), so the next key
    // waits for it; typed at once, a busy machine lets a key land in the box before.
    await this.page.keyboard.type(code, { delay: CODE_KEY_DELAY_MS });
  }

  async verify(): Promise<void> {
    await this.page.getByRole('button', { name: 'Verify Code' }).click();
  }

  async resetPassword(newPassword: string, confirmation = newPassword): Promise<void> {
    await this.page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await this.page.getByLabel('Confirm New Password', { exact: true }).fill(confirmation);
    await this.page.getByRole('button', { name: 'Reset Password' }).click();
  }

  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
