import { expect, test } from '@playwright/test';
import { DEMO_CLIENT, DEMO_EMAIL } from '../server/db/demo';
import { LoginPage } from './page-models/login-page';
import { ProfilePage } from './page-models/profile-page';
import type { LoginResponse } from '../src/shared/contract';
import { atEachWidth } from './support/at-each-width';
import { loginDemoClient, signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

test.describe('profile, on a phone and on a desktop', () => {
  // Each journey runs at two widths, one after the other.

  test('read-only first name, last name, email and phone; Edit Profile goes to /client/edit', async ({
    page,
    request,
  }) => {
    await atEachWidth(page, async () => {
      await signInWithToken(page, await loginDemoClient(request));
      const profile = await new ProfilePage(page).goto();
      await expect(profile.value('First Name')).toHaveText(DEMO_CLIENT.firstname);
      await expect(profile.value('Last Name')).toHaveText(DEMO_CLIENT.lastname);
      await expect(profile.value('Email')).toHaveText(DEMO_EMAIL);
      await expect(profile.value('Phone')).toHaveText('+234 803 123 4567');
      await expect(page.getByRole('textbox')).toHaveCount(0);
      const edit = await profile.edit();
      await expect(edit.firstName).toHaveValue(DEMO_CLIENT.firstname);
    });
  });

  test('Referral goes to /client/referal', async ({ page, request }) => {
    await atEachWidth(page, async () => {
      await signInWithToken(page, await loginDemoClient(request));
      const profile = await new ProfilePage(page).goto();
      const referral = await profile.openReferral();
      await expect(referral.code).toHaveText(DEMO_CLIENT.referralCode);
    });
  });
});

test("'Log Out', once confirmed, removes the stored token and goes to /", async ({ page, request }) => {
  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  const profile = await new ProfilePage(page).goto();
  // 'Stay signed in' keeps the session.
  await profile.logOutButton.click();
  await page.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(profile.heading).toBeVisible();
  await profile.logOut();
  await new LoginPage(page).expectShown();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test("'Log out everywhere' ends the session on every device: this one goes to /, another device's token is refused", async ({
  page,
  request,
}) => {
  const client = await signUpNewClient(request);
  const otherDevice = (
    (await (
      await request.post('/client/login', { data: { email: client.email, password: client.password } })
    ).json()) as LoginResponse
  ).data;
  await signInWithToken(page, client.token);
  const profile = await new ProfilePage(page).goto();
  await expect(page.getByText('Signs you out on every phone and computer, this one included.')).toBeVisible();
  await profile.logOutEverywhereButton.click();
  await new LoginPage(page).expectShown();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You have been logged out on every device.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  for (const token of [client.token, otherDevice]) {
    expect((await request.post('/client/userdata', { data: { token } })).status()).toBe(401);
  }
});

test('a 401 while loading the profile removes the token and goes to /login', async ({ page }) => {
  await signInWithToken(page, 'a-token-the-server-refuses');
  await page.goto('/client/profile');
  await expect(page).toHaveURL(/\/login$/);
  await new LoginPage(page).expectShown();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test.describe('profile load failure', () => {
  test("'Loading profile data...', then the error with Try Again", async ({ page, request }) => {
    const token = await loginDemoClient(request);
    let failing = true;
    let seeLoading = () => {};
    const loadingSeen = new Promise<void>((resolve) => {
      seeLoading = resolve;
    });
    await page.route('**/client/userdata', async (route) => {
      if (!failing) return route.continue();
      // Held until the test has seen the loading state, then failed: however slow the machine, the
      // screen shows 'Loading' while the read is out (a fixed delay only hoped for it).
      await loadingSeen;
      return route.fulfill({ status: 500, body: 'oops' });
    });
    await signInWithToken(page, token);
    await page.goto('/client/profile');
    await expect(page.getByRole('status')).toHaveText('Loading profile data...');
    seeLoading();
    await expect(page.getByRole('alert')).toContainText('Failed to load profile data');
    failing = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(new ProfilePage(page).value('First Name')).toHaveText(DEMO_CLIENT.firstname);
  });
});
