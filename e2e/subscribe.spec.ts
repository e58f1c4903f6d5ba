import { expect, test } from '@playwright/test';
import type { UserDataResponse } from '../src/shared/contract';
import { DashboardPage } from './page-models/dashboard-page';
import { SubscribePage } from './page-models/subscribe-page';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient } from './support/new-client';
import { DESKTOP, LAYOUTS, MOBILE } from './support/viewports';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

for (const [layout, viewport] of LAYOUTS) {
  test.describe(`subscribe, ${layout}`, () => {
    test.use({ viewport });

    test("Silver paid with the test checkout: 'Subscription activated successfully!', then home shows Silver and its expiry", async ({
      page,
      request,
    }) => {
      const client = await signUpNewClient(request);
      await signInWithToken(page, client.token);

      const home = await new DashboardPage(page).goto();
      await expect(home.planCard).toContainText('Freemium');
      await home.planCard
        .getByRole('link', { name: viewport === DESKTOP ? 'Upgrade Plan' : 'Upgrade', exact: true })
        .click();

      const subscribe = new SubscribePage(page);
      await expect(subscribe.heading).toBeVisible();
      await expect(page).toHaveURL(/\/client\/subscribe$/);
      await expect(subscribe.planCard('Silver')).toContainText('₦95,000.00');
      await expect(subscribe.planCard('Silver')).toContainText('2 months');
      await expect(subscribe.planCard('Silver')).toContainText('priority support');
      await expect(subscribe.planCard('Silver')).toContainText('Included each month');
      await expect(subscribe.planCard('Silver')).toContainText('16 household waste pickups');

      await subscribe.plan('Silver').check();
      await subscribe.subscribeButton.click();
      await expect(subscribe.checkout).toBeVisible();
      await expect(subscribe.checkout).toContainText(client.email);
      await expect(subscribe.checkout.getByRole('button', { name: 'Pay NGN 95,000.00' })).toBeVisible();
      await subscribe.payWithTestCheckout();

      await expect(page.getByText('Subscription activated successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/client\/home$/);
      await expect(home.planCard).toContainText('Silver');
      await expect(home.planCard.locator('[data-tone]')).toHaveAttribute('data-tone', 'blue');

      const user = (
        (await (await request.post('/client/userdata', { data: { token: client.token } })).json()) as UserDataResponse
      ).data;
      expect(user.subscription?.plan).toBe('silver');
      const expiry = new Intl.DateTimeFormat('en-NG', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Africa/Lagos',
      }).format(new Date(user.subscription!.expiresAt));
      await expect(home.planCard).toContainText(`Expires ${expiry}`);
      await expect(home.planCard.getByRole('link', { name: /Upgrade/ })).toHaveCount(0);
      await expect(home.planCard).toContainText('16 of 16 pickups left this month');
    });
  });
}

test.describe('subscribe rules', () => {
  test.use({ viewport: DESKTOP });

  test("'Please select a plan' when no plan is chosen, and no checkout opens", async ({ page, request }) => {
    const client = await signUpNewClient(request);
    await signInWithToken(page, client.token);
    const subscribe = await new SubscribePage(page).goto();
    await subscribe.subscribeButton.click();
    await expect(page.getByText('Please select a plan')).toBeVisible();
    await expect(subscribe.checkout).toHaveCount(0);
  });

  test("cancelling the checkout keeps the plan unchanged ('Payment was cancelled')", async ({ page, request }) => {
    const client = await signUpNewClient(request);
    await signInWithToken(page, client.token);
    const subscribe = await new SubscribePage(page).goto();
    await subscribe.plan('Bronze').check();
    await subscribe.subscribeButton.click();
    await subscribe.checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment was cancelled')).toBeVisible();
    await expect(subscribe.subscribeButton).toHaveText('Subscribe Now');
    await expect(page).toHaveURL(/\/client\/subscribe$/);
    const user = (
      (await (await request.post('/client/userdata', { data: { token: client.token } })).json()) as UserDataResponse
    ).data;
    expect(user.subscription).toBeNull();
  });

  test("the server refusing the subscription shows its message (else 'Failed to activate subscription')", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    await signInWithToken(page, client.token);
    await page.route('**/client/subscribe', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 502, json: { message: 'Payment could not be verified' } })
        : route.continue(),
    );
    const subscribe = await new SubscribePage(page).goto();
    await subscribe.plan('Gold').check();
    await subscribe.subscribeButton.click();
    await subscribe.payWithTestCheckout();
    await expect(page.getByText('Payment could not be verified')).toBeVisible();
    await expect(page).toHaveURL(/\/client\/subscribe$/);
  });
});

test.describe('subscribe on a phone (375px)', () => {
  test.use({ viewport: MOBILE });

  test("the chosen plan and 'Subscribe Now' stay in view above the tab bar while the plans scroll", async ({
    page,
    request,
  }) => {
    const client = await signUpNewClient(request);
    await signInWithToken(page, client.token);
    const subscribe = await new SubscribePage(page).goto();
    const tabBar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
    const inView = async () => {
      const button = (await subscribe.subscribeButton.boundingBox())!;
      return button.y >= 0 && button.y + button.height <= tabBar.y;
    };
    // The four cards are far taller than the screen, yet the button is there without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(MOBILE.height + 300);
    expect(await inView()).toBe(true);
    await expect(page.getByText('No plan chosen yet')).toBeVisible();

    await subscribe.plan('Platinum').scrollIntoViewIfNeeded();
    await subscribe.plan('Platinum').check();
    expect(await inView()).toBe(true);
    await subscribe.plan('Bronze').scrollIntoViewIfNeeded();
    await subscribe.plan('Silver').check();
    expect(await inView()).toBe(true);
    await expect(subscribe.subscribeButton).toHaveAccessibleDescription(/Silver ₦95,000\.00 \/ 2 months/);

    await subscribe.subscribeButton.click();
    await expect(subscribe.checkout).toContainText('Pay NGN 95,000.00');
  });
});
