/**
 * Offers by push to a driver whose app is closed (issue 64, docs/notifications.md 'The driver's
 * phone'). A server of the test's own sends through the real web-push code to a local fake push
 * service (https, the test's certificate), which the phone's subscription points at: the test
 * decrypts what arrived with the subscription's keys, as the push service's delivery to the
 * phone would, and hands it to the driver's installed worker through the DevTools protocol
 * (Chromium headless has no push service of its own). Exercised: the app's 'Turn on offer
 * notifications' (permission granted) reaching POST /driver/push/subscribe; the server pushing
 * the offer within seconds of the booking to the fake service, naming the pickup and the
 * earnings; the worker showing it (tagged, with the offer's page) with no driver page open; the
 * page a tap opens (Chromium refuses clients.openWindow to a test's synthetic click, so the test
 * opens the notification's url itself) showing the offer, and the card's countdown against the
 * server's expiresAt once the phone said it shows the offer.
 */
import { expect, test } from '@playwright/test';
import { DRIVER_PUSH_RECEIVED } from '../src/shared/sw-messages';
import { startFakePushService } from '../tests/server/fake-push-service';
import { DriverApp } from './page-models/driver-app';
import { addDriver } from './support/driver';
import { startOwnServer } from './support/own-server';
import { signUpNewClient } from './support/new-client';
import { paidRecycling } from './support/operators';
import { deliverPush } from './support/push';
import { MOBILE } from './support/viewports';

/** Near the test's pickup (Surulere). */
const SURULERE = { lat: 6.5, lng: 3.36 };

test('an offer reaches the driver with the app closed as a push naming the pickup and the pay; a tap opens it with the time left', async ({
  browser,
}) => {
  const fake = await startFakePushService();
  const server = await startOwnServer({ ...process.env, PUSH_ALLOWED_ORIGINS: fake.origin }, fake.agent);
  const context = await browser.newContext({
    viewport: MOBILE,
    hasTouch: true,
    isMobile: true,
    permissions: ['geolocation'],
    geolocation: { latitude: SURULERE.lat, longitude: SURULERE.lng, accuracy: 15 },
    baseURL: server.url,
  });
  try {
    const request = context.request;
    // The phone's subscription: an endpoint on the fake push service, with keys the test holds.
    const phone = fake.subscription();
    await context.addInitScript((json) => {
      const subscription = {
        ...json,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => true,
      };
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => subscription as unknown as PushSubscription;
    }, phone.json);

    const driver = await addDriver(request, SURULERE);
    const page = await context.newPage();
    const app = new DriverApp(page);
    await app.signIn(driver.phone, driver.password, `road-${driver.password}`);
    // The app says why before the browser asks.
    await expect(page.getByRole('heading', { name: 'Get offers with the app closed' })).toBeVisible();
    const subscribed = page.waitForResponse(
      (response) => response.url().endsWith('/driver/push/subscribe') && response.status() === 201,
    );
    // The driver allows notifications when the browser asks (granted here, as a tap on 'Allow' would).
    await context.grantPermissions(['notifications']);
    await page.getByRole('button', { name: 'Turn on offer notifications' }).click();
    await subscribed;
    await app.goOnline();
    // The worker is installed: the phone can get pushes with no driver page open.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.close();

    const client = await signUpNewClient(request);
    const task = await paidRecycling(request, client, 2);
    // The round that makes the offer runs every 5 s; the push leaves within a second of it.
    await expect.poll(() => fake.pushesTo(phone.id).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const pushed = phone.decrypt(fake.pushesTo(phone.id)[0]!);
    expect(pushed).toMatchObject({ kind: 'offer', taskId: task._id, tag: `offer-${task._id}` });
    // ₦1,500.00 x 2 kg = ₦3,000.00, the driver's 70 %.
    expect(pushed.title).toBe('New pickup: earn ₦2,100.00');
    expect(pushed.body).toContain('10 Adeniran Ogunsanya Street, Surulere, Lagos');

    // What the push service delivers to the phone, to the driver's worker (no driver page open).
    const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith('/driver/sw.js'));
    expect(worker, "the driver's worker").toBeTruthy();
    const blank = await context.newPage();
    await blank.route('**/__blank', (route) => route.fulfill({ contentType: 'text/html', body: '<title>x</title>' }));
    await blank.goto('/__blank');
    // The worker tells the windows of its origin (this blank page too) once the notification is up.
    const notice = await deliverPush(blank, pushed, { scope: '/driver/', type: DRIVER_PUSH_RECEIVED });
    expect(notice).toEqual({ type: DRIVER_PUSH_RECEIVED, kind: 'offer', taskId: task._id });
    const shownNow = await worker!.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration };
      return (await scope.registration.getNotifications()).map(({ title, body, tag, data }) => ({
        title,
        body,
        tag,
        data,
      }));
    });
    expect(shownNow.map((shown) => shown.tag)).toEqual([`offer-${task._id}`]);
    const [shown] = shownNow;
    expect(shown).toMatchObject({
      title: 'New pickup: earn ₦2,100.00',
      data: { url: `/driver/offer?task=${task._id}` },
    });

    // The tap: with no window of the app open, the worker's handler calls clients.openWindow(url),
    // which Chromium refuses to a click the test dispatches (no user gesture): the test opens
    // that url as the browser would (tests/sw/driver-push.test.ts checks the handler's call).
    const offerPage = await context.newPage();
    const seen = offerPage.waitForResponse((response) => response.url().endsWith('/driver/offers/seen'));
    // Before the page can have the server's answer: the card has counted down at most this long since.
    const opened = Date.now();
    await offerPage.goto((shown!.data as { url: string }).url);
    const offer = new DriverApp(offerPage).offer;
    await expect(offer).toBeVisible();
    await expect(offer).toHaveAttribute('data-task-id', task._id);
    const { expiresAt, serverNow } = ((await (await seen).json()) as { data: { expiresAt: string; serverNow: string } })
      .data;
    // 30 s from the moment it was shown, and never more than that nor past 45 s after it was made.
    const lasts = (Date.parse(expiresAt) - Date.parse(serverNow)) / 1000;
    expect(lasts).toBeLessThanOrEqual(30);
    expect(lasts).toBeGreaterThan(10);
    const secondsShown = Number(await offerPage.getByTestId('offer-seconds').textContent());
    const counted = (Date.now() - opened) / 1000;
    expect(secondsShown).toBeLessThanOrEqual(Math.floor(lasts));
    // Its clock ticks once a second: a second behind at most.
    expect(secondsShown).toBeGreaterThanOrEqual(Math.floor(lasts - counted) - 1);
  } finally {
    await context.close();
    await server.close();
    await fake.close();
  }
});
