import { expect, type Locator, type Page } from '@playwright/test';
import { appHasTakenOver } from '../support/network';

/** The landing and login screen (/ and /login): 'Welcome Back' on desktop, 'Sign In' on mobile. */
export class LoginPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly rememberMe: Locator;
  readonly submitButton: Locator;
  readonly forgotLink: Locator;
  readonly signupLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: /^(Welcome Back|Sign In)$/ });
    this.email = page.getByLabel('Email Address');
    this.password = page.getByLabel('Password', { exact: true });
    this.rememberMe = page.getByRole('checkbox', { name: 'Remember me' });
    this.submitButton = page.getByRole('button', { name: /^(Login|Sign In|Logging in\.\.\.|Signing in\.\.\.)$/ });
    this.forgotLink = page.getByRole('link', { name: 'Forgot password?' });
    this.signupLink = page.getByRole('link', { name: 'Sign up' });
  }

  async goto(path: '/' | '/login' = '/'): Promise<this> {
    await this.page.goto(path);
    await this.expectShown();
    await appHasTakenOver(this.page);
    return this;
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.page).toHaveURL(/\/(login)?$/);
  }

  /** Fills the form and submits it; the caller checks where that leads. */
  async login(email: string, password: string, { remember = true }: { remember?: boolean } = {}): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.rememberMe.setChecked(remember);
    await this.submitButton.click();
  }

  /** A toast (react-toastify renders each as role="alert"). */
  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
