import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

/** The signed-in client home (/client/home) inside the shell navigation. */
export class HomePage {
  readonly heading: Locator;
  readonly navigation: Locator;
  readonly logoutButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Home', exact: true });
    this.navigation = page.getByRole('navigation', { name: 'Main' });
    this.logoutButton = this.navigation.getByRole('button', { name: 'Logout' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/client/home');
    return this;
  }

  navLink(name: 'Home' | 'History' | 'Profile'): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/client\/home$/);
    await expect(this.heading).toBeVisible();
    for (const name of ['Home', 'History', 'Profile'] as const) await expect(this.navLink(name)).toBeVisible();
  }

  async logout(): Promise<LoginPage> {
    await this.logoutButton.click();
    const login = new LoginPage(this.page);
    await login.expectShown();
    return login;
  }
}
