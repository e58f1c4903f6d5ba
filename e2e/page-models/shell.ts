import { expect, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

/** The signed-in area's navigation: a left sidebar from 768px, a bottom tab bar below. */
export class Shell {
  readonly navigation: Locator;
  readonly logoutButton: Locator;

  constructor(readonly page: Page) {
    this.navigation = page.getByRole('navigation', { name: 'Main' });
    this.logoutButton = this.navigation.getByRole('button', { name: 'Logout' });
  }

  link(name: 'Home' | 'History' | 'Profile'): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  async logout(): Promise<LoginPage> {
    await this.logoutButton.click();
    const login = new LoginPage(this.page);
    await login.expectShown();
    return login;
  }

  async storedToken(): Promise<{ local: string | null; session: string | null }> {
    return this.page.evaluate(() => ({
      local: localStorage.getItem('token'),
      session: sessionStorage.getItem('token'),
    }));
  }

  async expectSignedOut(): Promise<void> {
    expect(await this.storedToken()).toEqual({ local: null, session: null });
  }
}
