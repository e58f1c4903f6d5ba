/**
 * Phone-first accounts (issue 66): a new client signs up with a phone number alone and the code
 * the (fake) SMS provider received, Android's WebOTP path included; signs in again the same
 * way; cannot take a number another account holds; a driver signs in by code. The codes are
 * read from what the phone received (e2e/support/sms.ts).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { UserDataResponse } from '../src/shared/contract';
import { formatPhone } from '../src/shared/validation/phone';
import { DriverApp } from './page-models/driver-app';
import { EditProfilePage } from './page-models/edit-profile-page';
import { signInWithToken } from './support/demo-client';
import { addDriver } from './support/driver';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { signUpNewClient } from './support/new-client';
import { localForm, newPhone } from './support/phones';
import { codeReceivedBy } from './support/sms';

test.use({ ...WITHOUT_SERVICE_WORKER, viewport: { width: 375, height: 740 } });

const IN_USE = 'This phone number is already used by another account';

/**
 * Android Chrome's WebOTP, where headless Chromium has no SMS to read: `navigator.credentials.get({ otp })`
 * resolves with the code the test hands over (`window.smsArrives(code)`), as the browser would
 * once the SMS with the '@host #code' line arrives.
 */
async function withWebOtp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const own = window as unknown as { OTPCredential: unknown; smsArrives?: (code: string) => void };
    own.OTPCredential = class {};
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) =>
      options && 'otp' in options
        ? new Promise((resolve) => {
            own.smsArrives = (code) => resolve({ id: '', type: 'otp', code } as unknown as Credential);
          })
        : get(options);
  });
}

async function startOnPhoneScreen(page: Page, phone: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with your phone number' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with your phone number' })).toBeVisible();
  await page.getByLabel('Phone Number', { exact: true }).fill(localForm(phone));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`Enter the 6-digit code sent to ${formatPhone(phone)}.`)).toBeVisible();
}

async function me(request: APIRequestContext, token: string) {
  return ((await (await request.post('/client/userdata', { data: { token } })).json()) as UserDataResponse).data;
}

test('a new client signs up with a phone number and its code (WebOTP), then signs in again by typing the code', async ({
  page,
  browser,
  request,
}) => {
  const phone = newPhone();
  await withWebOtp(page);
  await startOnPhoneScreen(page, phone);
  await expect(page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Call me instead in \d+ s$/ })).toBeDisabled();
  // The SMS arrives: Android hands its code over and the screen goes on by itself.
  const code = await codeReceivedBy(phone);
  await page.evaluate(
    (received) => (window as unknown as { smsArrives: (code: string) => void }).smsArrives(received),
    code,
  );
  await expect(page.getByRole('heading', { name: 'Your name' })).toBeVisible();
  await page.getByLabel('First Name').fill('Bisi');
  await page.getByLabel('Last Name').fill('Adebayo');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/client\/home$/);
  const token = await page.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
  const created = await me(request, token!);
  expect(created).toMatchObject({ firstname: 'Bisi', lastname: 'Adebayo', phonenumber: phone, email: '' });

  // Later, on another device: the same number, the code typed by hand, the same account.
  const later = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport: { width: 375, height: 740 } });
  try {
    const other = await later.newPage();
    await startOnPhoneScreen(other, phone);
    await other.getByLabel('Code', { exact: true }).fill(await codeReceivedBy(phone, 2));
    await other.getByRole('button', { name: 'Verify' }).click();
    await expect(other).toHaveURL(/\/client\/home$/);
    const again = await other.evaluate(() => localStorage.getItem('token') ?? sessionStorage.getItem('token'));
    expect((await me(request, again!))._id).toBe(created._id);
  } finally {
    await later.close();
  }
});

test('a client cannot take a number another account holds, and proves a number of their own by its code', async ({
  page,
  request,
}) => {
  // The holder signed up with the number and its code.
  const held = newPhone();
  expect((await request.post('/client/phone/start', { data: { phone: held } })).status()).toBe(200);
  const holder = await request.post('/client/phone/verify', {
    data: { phone: held, code: await codeReceivedBy(held), firstname: 'Holder', lastname: 'One' },
  });
  expect(holder.status()).toBe(201);

  const client = await signUpNewClient(request, { firstname: 'Chidi', lastname: 'Eze' });
  await signInWithToken(page, client.token);
  const edit = await new EditProfilePage(page).goto();
  await edit.phone.fill(localForm(held));
  await edit.save();
  await expect(page.getByText(IN_USE)).toBeVisible();

  // Even with the code the holder's phone received, the number stays the holder's.
  expect((await request.post('/client/phone/start', { data: { phone: held } })).status()).toBe(200);
  const taken = await request.post('/client/phone/change', {
    headers: { Authorization: `Bearer ${client.token}` },
    data: { phone: held, code: await codeReceivedBy(held, 2) },
  });
  expect(taken.status()).toBe(409);
  expect(((await taken.json()) as { message: string }).message).toBe(IN_USE);

  // A number of the client's own: saved, then proved by the code it received.
  const own = newPhone();
  await edit.phone.fill(localForm(own));
  await edit.save();
  const saved = page.getByRole('alert').filter({ hasText: 'Profile updated successfully!' });
  await expect(saved).toBeVisible();
  // The toast sits over the panel at the bottom of a phone (and waits while a pointer is on it): closed first.
  await saved.getByRole('button', { name: 'close' }).click();
  await expect(saved).toBeHidden();
  const proof = page.getByRole('region', { name: `Verify ${formatPhone(own)}` });
  await proof.getByRole('button', { name: 'Send code' }).click();
  await proof.getByLabel('Code').fill(await codeReceivedBy(own));
  await proof.getByRole('button', { name: 'Verify number' }).click();
  await expect(page.getByText('Phone number verified')).toBeVisible();
  expect((await me(request, client.token)).phonenumber).toBe(own);
});

test('a driver signs in with the code sent to the registered phone', async ({ page, request }) => {
  const driver = await addDriver(request, { lat: 6.5, lng: 3.37 });
  const app = new DriverApp(page);
  await app.signInByCode(driver.phone, () => codeReceivedBy(driver.phone));
});
