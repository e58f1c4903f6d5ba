import { localForm, newPhone } from './support/phones';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { DevMailboxResponse } from '../src/shared/contract';
import { CODE_KEY_DELAY_MS, ForgotPage } from './page-models/forgot-page';
import { SignupPage } from './page-models/signup-page';
import { signUpNewClient } from './support/new-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The toasts on screen (react-toastify; one leaving is marked data-in="false"). */
function shownToasts(page: Page): Locator {
  return page.locator('.Toastify__toast:not([data-in="false"])');
}

/** The error shown beside a field: the element its input points at (aria-describedby). */
async function errorBeside(field: Locator): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const id = await field.getAttribute('aria-describedby');
  return id ? field.page().locator(`[id="${id}"]`).innerText() : null;
}

/** The code of the newest of `count` recovery mails sent to `email` (dev mailbox). */
async function mailedCode(request: APIRequestContext, email: string, count: number): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/dev/mailbox?email=${encodeURIComponent(email)}`);
    const { data } = (await response.json()) as DevMailboxResponse;
    expect(data).toHaveLength(count);
    code = data.toSorted((a, b) => b.sentAt.localeCompare(a.sentAt))[0]?.text.match(/\b\d{4}\b/)?.[0];
    expect(code).toBeTruthy();
  }).toPass();
  return code as string;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('toasts on a phone (375px)', () => {
  test.use({ viewport: MOBILE });

  test('recovery: the newest two toasts only, never over the steps; the error beside the code; success dismisses the stale error', async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    // Toasts close when their progress animation ends (3 s for the first below, 5 s for the
    // others): slowed tenfold, so that the three are all alive at once however slow this
    // machine is.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Animation.enable');
    await devtools.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
    const forgot = await new ForgotPage(page).goto();
    // The first toast: the service worker's, once the app is kept for offline use.
    await expect(page.locator('.Toastify__toast', { hasText: 'Ready to work offline' })).toBeAttached({
      timeout: 30_000,
    });
    // The second: the code was sent.
    await forgot.requestCode(client.email);
    await expect(page.locator('.Toastify__toast', { hasText: 'Verification code sent to your email' })).toBeVisible();
    const code = await mailedCode(request, client.email, 1);
    const wrong = code === '1111' ? '2222' : '1111';

    // The third: a wrong code, twice (the second error replaces the first).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await forgot.codeBox(1).click();
      await page.keyboard.type(wrong, { delay: CODE_KEY_DELAY_MS });
      await forgot.verify();
      await expect(forgot.codeBox(1)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('button', { name: 'Verify Code' })).toBeEnabled();
    }
    await expect(shownToasts(page)).toHaveCount(3);
    await expect(shownToasts(page).filter({ hasText: 'Invalid verification code' })).toHaveCount(1);
    // The newest two show: the code sent, and the error; the oldest waits hidden.
    await expect(shownToasts(page).filter({ visible: true })).toHaveCount(2);
    await expect(shownToasts(page).filter({ hasText: 'Invalid verification code' })).toBeVisible();
    await expect(shownToasts(page).filter({ hasText: 'Ready to work offline' })).toBeHidden();
    expect(await errorBeside(forgot.codeBox(1))).toBe('Invalid verification code');

    const steps = (await page.getByRole('list', { name: 'Steps' }).boundingBox())!;
    for (const toast of await shownToasts(page).filter({ visible: true }).all())
      expect(overlaps((await toast.boundingBox())!, steps)).toBe(false);

    await forgot.codeBox(1).click();
    await page.keyboard.type(code, { delay: CODE_KEY_DELAY_MS });
    expect(await errorBeside(forgot.codeBox(1))).toBeNull();
    await forgot.verify();
    await expect(forgot.resetHeading).toBeVisible();
    await expect(shownToasts(page).filter({ hasText: 'Code verified successfully' })).toBeVisible();
    await expect(shownToasts(page).filter({ hasText: 'Invalid verification code' })).toHaveCount(0);
  });
});

for (const viewport of [MOBILE, DESKTOP]) {
  test.describe(`field errors and stale toasts at ${viewport.width}px`, () => {
    test.use({ viewport, ...WITHOUT_SERVICE_WORKER });

    test('sign-up: "Passwords don\'t match!" beside Confirm Password; the next success dismisses it', async ({
      page,
    }) => {
      const signup = await new SignupPage(page).goto();
      const email = `toasts-${Date.now()}-${process.pid}@example.ng`;
      await signup.signUp({
        firstname: 'Ada',
        lastname: 'Obi',
        email,
        // One number, one client: the later success needs a number of its own at each width.
        phonenumber: localForm(newPhone()),
        password: 'longenough1',
        confirmPassword: 'longenough2',
      });
      await expect(signup.toast("Passwords don't match!")).toBeVisible();
      await expect(signup.field('Confirm Password')).toBeFocused();
      expect(await errorBeside(signup.field('Confirm Password'))).toBe("Passwords don't match!");

      await signup.field('Confirm Password').fill('longenough1');
      expect(await errorBeside(signup.field('Confirm Password'))).toBeNull();
      await signup.submitButton.click();
      await expect(signup.toast('Account created successfully!, login with your details')).toBeVisible();
      await expect(shownToasts(page).filter({ hasText: "Passwords don't match!" })).toHaveCount(0);
    });

    test('login: a failed sign-in is shown under the password too; signing in dismisses its toast', async ({
      page,
      request,
    }) => {
      const client = await signUpNewClient(request);
      await page.goto('/login');
      await page.getByLabel('Email Address').fill(client.email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: /^(Login|Sign In)$/ }).click();
      await expect(shownToasts(page).filter({ hasText: 'Invalid email or password' })).toBeVisible();
      expect(await errorBeside(page.getByLabel('Password', { exact: true }))).toBe('Invalid email or password');
      expect(await errorBeside(page.getByLabel('Email Address'))).toBe('Invalid email or password');

      await page.getByLabel('Password', { exact: true }).fill(client.password);
      expect(await errorBeside(page.getByLabel('Password', { exact: true }))).toBeNull();
      await page.getByRole('button', { name: /^(Login|Sign In)$/ }).click();
      await expect(page).toHaveURL(/\/client\/home$/);
      await expect(shownToasts(page).filter({ hasText: 'Invalid email or password' })).toHaveCount(0);
    });
  });
}

test.describe('toasts with reduced motion', () => {
  test.use({ viewport: MOBILE, reducedMotion: 'reduce', ...WITHOUT_SERVICE_WORKER });

  test('an error toast keeps its 5 seconds (its timer is not cut to nothing with the motion)', async ({ page }) => {
    const signup = await new SignupPage(page).goto();
    await signup.signUp({
      firstname: 'Ada',
      lastname: 'Obi',
      email: `motion-${Date.now()}@example.ng`,
      phonenumber: '08051234567',
      password: 'longenough1',
      confirmPassword: 'other-one-2',
    });
    const toast = shownToasts(page).filter({ hasText: "Passwords don't match!" });
    await expect(toast).toBeVisible();
    expect(
      await toast.locator('.Toastify__progress-bar').evaluate((bar) => getComputedStyle(bar).animationDuration),
    ).toBe('5s');
  });
});
