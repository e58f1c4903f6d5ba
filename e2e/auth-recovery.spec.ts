import { expect, test, type APIRequestContext } from '@playwright/test';
import type { DevMailboxResponse } from '../src/shared/contract';
import { signUpNewClient } from './support/new-client';
import { ForgotPage } from './page-models/forgot-page';
import { LoginPage } from './page-models/login-page';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

/** The newest recovery code mailed to `email`, read from the dev mailbox. */
async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/dev/mailbox?email=${encodeURIComponent(email)}`);
    const { data } = (await response.json()) as DevMailboxResponse;
    const newest = [...data].sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
    code = newest?.text.match(/\b\d{4}\b/)?.[0];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return code as string;
}

test.describe('password recovery', () => {
  // Whole journeys: a sign-up, three recovery calls and two logins (each a password hash) on a shared server.

  test('Email, Verify with the mailed code, Reset, then log in with the new password', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    const forgot = await new ForgotPage(page).goto();
    await forgot.requestCode(client.email);
    await expect(forgot.toast('Verification code sent to your email')).toBeVisible();

    const code = await mailedCode(request, client.email);
    await forgot.enterCode(code);
    await expect(forgot.codeBox(4)).toBeFocused();
    await forgot.verify();
    await expect(forgot.toast('Code verified successfully')).toBeVisible();
    await expect(forgot.resetHeading).toBeVisible();

    await forgot.resetPassword('fresh-pass-9', 'fresh-pass-8');
    await expect(forgot.toast('Passwords do not match')).toBeVisible();
    await forgot.resetPassword('fresh-pass-9');
    await expect(forgot.toast('Password reset successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const login = new LoginPage(page);
    await login.login(client.email, client.password);
    await expect(login.toast('Invalid email or password')).toBeVisible();
    await login.login(client.email, 'fresh-pass-9');
    await expect(page).toHaveURL(/\/client\/home$/);
  });

  test('a wrong code keeps the Verify step with the server message; letters are refused; paste fills all boxes', async ({
    page,
    request,
    context,
  }) => {
    const client = await signUpNewClient(request);
    const forgot = await new ForgotPage(page).goto();
    await forgot.requestCode(client.email);
    const code = await mailedCode(request, client.email);
    const wrong = code === '0000' ? '1111' : '0000';

    await forgot.codeBox(1).click();
    await page.keyboard.type('a');
    await expect(forgot.codeBox(1)).toHaveValue('');
    await forgot.enterCode(wrong);
    await forgot.verify();
    await expect(forgot.toast('Invalid verification code')).toBeVisible();
    await expect(forgot.verifyHeading).toBeVisible();

    await forgot.codeBox(4).click();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Backspace');
    await expect(forgot.codeBox(1)).toBeFocused();

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((text) => navigator.clipboard.writeText(text), code);
    await forgot.codeBox(1).focus();
    await page.keyboard.press('ControlOrMeta+V');
    for (const [index, digit] of code.split('').entries())
      await expect(forgot.codeBox((index + 1) as 1 | 2 | 3 | 4)).toHaveValue(digit);
    await forgot.verify();
    await expect(forgot.resetHeading).toBeVisible();
  });

  test('Back goes to the previous step, and from the first step to /', async ({ page, request }) => {
    const client = await signUpNewClient(request);
    const forgot = await new ForgotPage(page).goto();
    await forgot.requestCode(client.email);
    await forgot.backButton.click();
    await expect(forgot.emailHeading).toBeVisible();
    await forgot.backButton.click();
    await new LoginPage(page).expectShown();
    await expect(page).toHaveURL(/\/$/);
  });
});
