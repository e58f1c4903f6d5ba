import { expect, type Locator, type Page } from '@playwright/test';

/** The operators' console (/ops/) as an operator sees it: sign-in, the forced password change, the nav and its screens. */
export class OpsConsole {
  readonly nav: Locator;
  readonly email: Locator;
  readonly password: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Console' });
    this.email = page.getByLabel('E-mail');
    this.password = page.getByLabel('Password', { exact: true });
  }

  /** Signs in with the one-time password and replaces it, as at a first sign-in; the board shows. */
  async firstSignIn(email: string, oneTimePassword: string, newPassword: string): Promise<this> {
    await this.page.goto('/ops/');
    await this.email.fill(email);
    await this.password.fill(oneTimePassword);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await this.page.getByLabel('Current password').fill(oneTimePassword);
    await this.page.getByLabel(/^New password \(at least/).fill(newPassword);
    await this.page.getByLabel('New password again').fill(newPassword);
    await this.page.getByRole('button', { name: 'Change password' }).click();
    await expect(this.nav).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Board', level: 1 })).toBeVisible();
    return this;
  }

  async open(screen: string): Promise<void> {
    await this.nav.getByRole('link', { name: screen, exact: true }).click();
    await expect(this.page.getByRole('heading', { name: screen, level: 1 })).toBeVisible();
  }

  navLinks(): Locator {
    return this.nav.getByRole('link');
  }

  /** A task's row in the board's table. */
  row(taskId: string): Locator {
    return this.page.locator('.ops-board-table tbody tr', {
      has: this.page.locator(`a[href="/ops/console/tasks/${taskId}"]`),
    });
  }

  /** Searches the board (address, client name or phone, task id, driver). */
  async searchBoard(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(text);
    await this.page.getByRole('form', { name: 'Search and filters' }).getByRole('button', { name: 'Search' }).click();
  }
}
