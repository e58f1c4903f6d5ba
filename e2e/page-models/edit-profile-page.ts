import { expect, type Locator, type Page } from '@playwright/test';

/** Edit profile (/client/edit). */
export class EditProfilePage {
  readonly heading: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly email: Locator;
  readonly currentPassword: Locator;
  readonly phone: Locator;
  readonly bio: Locator;
  readonly avatarInput: Locator;
  readonly avatar: Locator;
  readonly saveButton: Locator;
  readonly backButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Edit Profile', level: 1 });
    this.firstName = page.getByLabel('First Name');
    this.lastName = page.getByLabel('Last Name');
    this.email = page.getByLabel('Email');
    this.currentPassword = page.getByLabel('Current password');
    this.phone = page.getByLabel('Phone (Optional)');
    this.bio = page.getByLabel('Bio (Optional)');
    this.avatarInput = page.getByLabel('Upload Photo');
    this.avatar = page.getByRole('img', { name: /avatar$/ });
    this.saveButton = page.getByRole('button', { name: /^(Save Changes|Saving\.\.\.)$/ });
    this.backButton = page.getByRole('button', { name: 'Back' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/client/edit');
    await this.expectShown();
    return this;
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/client\/edit$/);
    await expect(this.heading).toBeVisible();
    await expect(this.firstName).toBeVisible();
  }

  /** The error shown for a field (its aria-describedby). */
  errorOf(field: Locator): Locator {
    return this.page.locator('.profile-field', { has: field }).getByRole('alert');
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }
}
