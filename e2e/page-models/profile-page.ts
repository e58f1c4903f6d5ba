import { expect, type Locator, type Page } from '@playwright/test';
import { EditProfilePage } from './edit-profile-page';
import { ReferralPage } from './referral-page';

/** The read-only profile (/client/profile). */
export class ProfilePage {
  readonly heading: Locator;
  readonly editButton: Locator;
  readonly referralButton: Locator;
  readonly logOutButton: Locator;
  readonly logOutEverywhereButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Profile', level: 1 });
    this.editButton = page.getByRole('link', { name: 'Edit Profile' });
    this.referralButton = page.getByRole('link', { name: 'Referral' });
    this.logOutButton = page.getByRole('main').getByRole('button', { name: 'Log Out', exact: true });
    this.logOutEverywhereButton = page.getByRole('button', { name: 'Log out everywhere' });
  }

  async goto(): Promise<this> {
    await this.page.goto('/client/profile');
    await expect(this.heading).toBeVisible();
    await expect(this.editButton).toBeVisible();
    return this;
  }

  /** 'Log Out', then 'Log out' to confirm (as in Settings). */
  async logOut(): Promise<void> {
    await this.logOutButton.click();
    const confirm = this.page.getByRole('group', { name: 'Log out of GreenPick on this device?' });
    await confirm.getByRole('button', { name: 'Log out', exact: true }).click();
  }

  /** The read-only value shown for First Name, Last Name, Email or Phone. */
  value(label: 'First Name' | 'Last Name' | 'Email' | 'Phone'): Locator {
    return this.page.locator('.profile-fields dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  async edit(): Promise<EditProfilePage> {
    await this.editButton.click();
    const edit = new EditProfilePage(this.page);
    await edit.expectShown();
    return edit;
  }

  async openReferral(): Promise<ReferralPage> {
    await this.referralButton.click();
    const referral = new ReferralPage(this.page);
    await referral.expectShown();
    return referral;
  }
}
