import { expect, type Locator, type Page } from '@playwright/test';
import { appHasTakenOver } from '../support/network';

export interface SignupDetails {
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string;
  password: string;
  confirmPassword?: string;
}

/** Sign-up (/signup, /signup?ref=CODE). The button reads Create Account, or Sign Up on mobile. */
export class SignupPage {
  readonly heading: Locator;
  readonly terms: Locator;
  readonly submitButton: Locator;
  readonly loginLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create your account' });
    this.terms = page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ });
    this.submitButton = page.getByRole('button', { name: /^(Create Account|Sign Up|Creating Account\.\.\.)$/ });
    this.loginLink = page.getByRole('link', { name: 'Login', exact: true });
  }

  field(
    label: 'First Name' | 'Last Name' | 'Email Address' | 'Phone Number' | 'Password' | 'Confirm Password',
  ): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  async goto(ref?: string): Promise<this> {
    await this.page.goto(ref ? `/signup?ref=${encodeURIComponent(ref)}` : '/signup');
    await expect(this.heading).toBeVisible();
    await appHasTakenOver(this.page);
    return this;
  }

  async signUp(details: SignupDetails): Promise<void> {
    await this.field('First Name').fill(details.firstname);
    await this.field('Last Name').fill(details.lastname);
    await this.field('Email Address').fill(details.email);
    await this.field('Phone Number').fill(details.phonenumber);
    await this.field('Password').fill(details.password);
    await this.field('Confirm Password').fill(details.confirmPassword ?? details.password);
    await this.terms.check();
    await this.submitButton.click();
  }

  toast(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}
