import { expect, test, type Page } from '@playwright/test';
import { DEMO_CLIENT } from '../server/db/demo';
import { LoginPage } from './page-models/login-page';
import { ReferralPage } from './page-models/referral-page';
import { loginDemoClient, signInWithToken } from './support/demo-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const CODE = DEMO_CLIENT.referralCode;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function openReferral(page: Page, token: string): Promise<ReferralPage> {
  await signInWithToken(page, token);
  return new ReferralPage(page).goto();
}

for (const [layout, viewport] of [
  ['desktop 1280px', DESKTOP],
  ['mobile 375px', MOBILE],
] as const) {
  test.describe(`referral, ${layout}`, () => {
    test.use({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });

    test("Copy puts the code on the clipboard and reads 'Copied!' for 2 seconds", async ({ page, request }) => {
      await page.clock.install();
      const referral = await openReferral(page, await loginDemoClient(request));
      await expect(referral.code).toHaveText(CODE);
      await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();

      // Freeze the page's clock so that the 2 seconds are counted exactly.
      await page.clock.pauseAt(Date.now() + 5_000);
      await referral.copyButton.click();
      await expect(referral.copyButton).toHaveText('Copied!');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
      await page.clock.runFor(1900);
      await expect(referral.copyButton).toHaveText('Copied!');
      await page.clock.runFor(200);
      await expect(referral.copyButton).toHaveText('Copy');
    });
  });
}

test.describe('sharing', () => {
  test.use({ viewport: DESKTOP });

  test("without a native share, Share Referral Link offers Facebook, Twitter, LinkedIn and e-mail with the spec's share text", async ({
    page,
    request,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }),
    );
    const referral = await openReferral(page, await loginDemoClient(request));
    await expect(referral.shareTargets).toHaveCount(0);
    await referral.shareButton.click();
    const link = `${new URL(page.url()).origin}/signup?ref=${CODE}`;
    const text = `Join me on this awesome platform! Use my referral code ${CODE} when you sign up at ${link}`;
    // WhatsApp first, above the share button, with the same text.
    const whatsApp = page.getByRole('link', { name: 'Share on WhatsApp' });
    await expect(whatsApp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(text)}`);
    expect((await whatsApp.boundingBox())!.y).toBeLessThan((await referral.shareButton.boundingBox())!.y);
    await expect(page.getByText(/You get points when your friend's first pickup is done/)).toBeVisible();
    await expect(referral.target('Twitter')).toHaveAttribute(
      'href',
      `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}`,
    );
    await expect(referral.target('Facebook')).toHaveAttribute(
      'href',
      new RegExp(`^${escapeRegex(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`)}`),
    );
    await expect(referral.target('LinkedIn')).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(link)}`,
    );
    await expect(referral.target('Email')).toHaveAttribute(
      'href',
      new RegExp(`^mailto:.*body=${escapeRegex(encodeURIComponent(text))}$`),
    );
  });

  test("with a native share, the device share sheet gets the spec's share text and the link to /signup?ref={code}", async ({
    page,
    request,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData[] }).shared = [
            ...((window as unknown as { shared?: ShareData[] }).shared ?? []),
            data,
          ];
        },
      });
    });
    const referral = await openReferral(page, await loginDemoClient(request));
    await referral.shareButton.click();
    const shared = await page.evaluate(() => (window as unknown as { shared?: ShareData[] }).shared ?? []);
    const link = `${new URL(page.url()).origin}/signup?ref=${CODE}`;
    expect(shared).toHaveLength(1);
    expect(shared[0]!.text).toBe(
      `Join me on this awesome platform! Use my referral code ${CODE} when you sign up at ${link}`,
    );
    await expect(referral.shareTargets).toHaveCount(0);
  });
});

test('a 401 while loading the referral code removes the token (and the shell returns to the login screen)', async ({
  page,
}) => {
  await signInWithToken(page, 'a-token-the-server-refuses');
  await page.goto('/client/referal');
  await new LoginPage(page).expectShown();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test.describe('referral load failure', () => {
  test("'Failed to load referral information' with Try Again", async ({ page, request }) => {
    const token = await loginDemoClient(request);
    await page.route('**/client/userdata', (route) =>
      route.fulfill({ status: 500, json: { message: 'Database unavailable' } }),
    );
    await signInWithToken(page, token);
    await page.goto('/client/referal');
    const error = page.getByRole('alert').filter({ hasText: 'Failed to load referral information' });
    await expect(error).toBeVisible();
    await expect(error.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
