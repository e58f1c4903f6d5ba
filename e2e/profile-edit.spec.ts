import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL } from '../server/db/demo';
import type { UserDataResponse } from '../src/shared/contract';
import { EditProfilePage } from './page-models/edit-profile-page';
import { ProfilePage } from './page-models/profile-page';
import { atEachWidth } from './support/at-each-width';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient, type NewClient } from './support/new-client';
import { DESKTOP } from './support/viewports';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { formatPhone } from '../src/shared/validation/phone';
import { localForm, newPhone } from './support/phones';

test.use(WITHOUT_SERVICE_WORKER);

/** A 1x1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function openEdit(page: Page, client: NewClient): Promise<EditProfilePage> {
  await signInWithToken(page, client.token);
  return new EditProfilePage(page).goto();
}

test.describe('edit profile, on a phone and on a desktop', () => {
  // Each journey runs at two widths, one after the other.

  test("a valid phone (written '0703 123 4567') and a new avatar are saved: 'Profile updated successfully!'", async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      const client = await signUpNewClient(request, { firstname: 'Bola', lastname: 'Adeyemi' });
      const phone = newPhone();
      const edit = await openEdit(page, client);
      await expect(edit.avatar).toHaveAttribute('role', 'img');
      await expect(edit.avatar).toHaveText('BA');

      await edit.phone.fill(localForm(phone));
      await edit.bio.fill('Recycling in Surulere.');
      await edit.avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
      await expect(page.getByRole('img', { name: "Bola Adeyemi's avatar" })).toHaveAttribute(
        'src',
        /^data:image\/png;base64,/,
      );

      const saved = page.waitForRequest((req) => req.url().endsWith('/api/user/profile') && req.method() === 'PUT');
      await edit.save();
      const sent = await saved;
      expect(sent.headers().authorization).toBe(`Bearer ${client.token}`);
      await expect(page.getByText('Profile updated successfully!')).toBeVisible();

      const answer = await request.post('/client/userdata', { data: { token: client.token } });
      const user = ((await answer.json()) as UserDataResponse).data;
      expect(user).toMatchObject({
        firstname: 'Bola',
        lastname: 'Adeyemi',
        email: client.email,
        // Stored in E.164 however it was written.
        phonenumber: phone,
        bio: 'Recycling in Surulere.',
      });
      // The user's data carries the picture's own URL, not the picture.
      expect(user.avatar).toMatch(/^\/avatars\/[0-9a-f-]{36}$/);

      await page.goto('/client/profile');
      const profile = new ProfilePage(page);
      await expect(profile.value('Phone')).toHaveText(formatPhone(phone));
      const shown = page.getByRole('img', { name: "Bola Adeyemi's avatar" });
      await expect(shown).toHaveAttribute('src', new RegExp(`${user.avatar}$`));
      await expect
        .poll(() =>
          shown.evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth),
        )
        .toBe(1);
    });
  });
});

test.describe('edit profile rules', () => {
  test.use({ viewport: DESKTOP });

  test("a client who signed up with the placeholder's phone form ('+2348012345678') saves the profile as it is", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request, { phonenumber: '+2348012345678' });
    const edit = await openEdit(page, client);
    await expect(edit.phone).toHaveValue('+2348012345678');
    await edit.bio.fill('Saved with my +234 number.');
    await edit.save();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page.getByText('Phone number is invalid')).toHaveCount(0);
    const phone = newPhone();
    await edit.phone.fill(formatPhone(phone));
    // The first save's toast may still show: wait for the second save's own response.
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/user/profile') && response.request().method() === 'PUT',
    );
    await edit.save();
    expect((await saved).status()).toBe(200);
    const user = (
      (await (await request.post('/client/userdata', { data: { token: client.token } })).json()) as UserDataResponse
    ).data;
    // Stored in E.164 however it was written.
    expect(user.phonenumber).toBe(phone);
  });

  test("an invalid phone shows 'Phone number is invalid', nothing is sent, and editing the field clears the error", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const edit = await openEdit(page, client);
    let sent = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/user/profile')) sent += 1;
    });
    await edit.phone.fill('12-34');
    await edit.save();
    await expect(edit.errorOf(edit.phone)).toHaveText('Phone number is invalid');
    await expect(edit.phone).toHaveAttribute('aria-invalid', 'true');
    await expect(edit.phone).toBeFocused();
    expect(sent).toBe(0);
    await edit.phone.press('Backspace');
    await expect(edit.errorOf(edit.phone)).toHaveCount(0);
  });

  test("'First name is required', 'Last name is required' and 'Email is invalid'", async ({ page, request }) => {
    const client = await signUpNewClient(request);
    const edit = await openEdit(page, client);
    await edit.firstName.fill('');
    await edit.lastName.fill(' ');
    await edit.email.fill('not-an-email');
    await edit.save();
    await expect(edit.errorOf(edit.firstName)).toHaveText('First name is required');
    await expect(edit.errorOf(edit.lastName)).toHaveText('Last name is required');
    await expect(edit.errorOf(edit.email)).toHaveText('Email is invalid');
    await edit.email.fill('');
    await expect(edit.errorOf(edit.email)).toHaveCount(0);
    await edit.save();
    await expect(edit.errorOf(edit.email)).toHaveText('Email is required');
  });

  test("an avatar of 2 MB or more: 'Image must be less than 2MB', and the old avatar stays", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request, { firstname: 'Kemi', lastname: 'Bello' });
    const edit = await openEdit(page, client);
    await edit.avatarInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Image must be less than 2MB' })).toBeVisible();
    await expect(edit.avatar).toHaveText('KB');
  });

  test("the server's per-field errors are shown beside the field (an e-mail already in use)", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const edit = await openEdit(page, client);
    await edit.email.fill(DEMO_EMAIL);
    await edit.currentPassword.fill(client.password);
    await edit.save();
    await expect(edit.errorOf(edit.email)).toHaveText('Email is already in use');
    await expect(edit.saveButton).toHaveText('Save Changes');
  });

  test('a new e-mail asks for the current password; a wrong one is shown beside it, the right one saves', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    const edit = await openEdit(page, client);
    await expect(edit.currentPassword).toHaveCount(0);
    await edit.email.fill(`moved-${Date.now()}@example.ng`);
    await expect(edit.currentPassword).toBeVisible();
    await edit.save();
    await expect(edit.errorOf(edit.currentPassword)).toHaveText('Enter your current password to change your email');
    await expect(edit.currentPassword).toBeFocused();
    await edit.currentPassword.fill('not-my-password');
    await edit.save();
    await expect(edit.errorOf(edit.currentPassword)).toHaveText('Current password is incorrect');
    await edit.currentPassword.fill(client.password);
    await edit.save();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(edit.currentPassword).toHaveCount(0);
  });

  test('the back button returns to the profile', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    await signInWithToken(page, client.token);
    const profile = await new ProfilePage(page).goto();
    const edit = await profile.edit();
    await edit.backButton.click();
    await expect(page).toHaveURL(/\/client\/profile$/);
  });
});
