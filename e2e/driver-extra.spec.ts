/**
 * The driver's app beyond the journeys (issue 46, docs/driver.md): the Online / Offline switch
 * changed without network waits on the phone and is sent when the network returns; signing out
 * ends the session on the server, also when done without network; and the screens keep their
 * large controls (56 px) and AA contrast. The driver stands in Kano, outside the service area,
 * with no position allowed: dispatch offers it nothing, so the journeys booking on the same
 * server meanwhile are not kept waiting on it.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DriverApp } from './page-models/driver-app';
import { axeViolations, seriousViolations } from './support/axe';
import { addDriver } from './support/driver';
import { signUpNewClient } from './support/new-client';
import { paidRecycling } from './support/operators';
import { MOBILE } from './support/viewports';

test.use({ viewport: MOBILE, hasTouch: true, isMobile: true });

const KANO = { lat: 12.0022, lng: 8.592 };
/** The driver's controls: docs/driver.md, 'The app' (every button and field at least 56 px tall). */
const MIN_CONTROL_HEIGHT = 56;

/** Visible controls lower than 56 px or narrower than 44 px, described for the failure message. */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ minHeight, minWidth }) => {
      const small: string[] = [];
      for (const control of document.querySelectorAll<HTMLElement>(
        'button, input, textarea, select, a.driver-button, a.driver-nav-link, a.driver-card',
      )) {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.height < minHeight - 0.5 || box.width < minWidth - 0.5)
          small.push(
            `${control.tagName.toLowerCase()} "${control.textContent?.trim().slice(0, 30)}" ${box.width}x${box.height}`,
          );
      }
      return small;
    },
    { minHeight: MIN_CONTROL_HEIGHT, minWidth: 44 },
  );
}

/** Large controls, and no serious or critical axe violation (contrast AA among them). */
async function expectUsableInAVehicle(page: Page, what: string): Promise<void> {
  expect(await smallControls(page), what).toEqual([]);
  expect(seriousViolations(await axeViolations(page)), what).toEqual([]);
}

/** What the server says to the driver's token now: 200 while the session lasts, 401 once it ended. */
async function sessionStatus(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.post('/driver/tasks', { headers: { Authorization: `Bearer ${token}` }, data: {} });
  return answer.status();
}

const tokenOnPhone = (page: Page) => page.evaluate(() => localStorage.getItem('driver-token'));

test('the switch changed offline is sent when the network returns; sign-out ends the session, also offline', async ({
  page,
  context,
  request,
}) => {
  const driver = await addDriver(request, KANO);
  // A task of the driver's, two weeks ahead (dispatch leaves it alone), for the task screen.
  const client = await signUpNewClient(request);
  const task = await paidRecycling(request, client, 2, { later: true });
  const assigned = await request.post(`/ops/tasks/${task._id}/assign`, {
    headers: { 'X-Ops-Token': process.env.E2E_OPS_TOKEN ?? '' },
    data: { driverId: driver.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const app = new DriverApp(page);
  await app.signIn(driver.phone, driver.password, `road-${driver.password}`);
  await expectUsableInAVehicle(page, "today's tasks");
  await page.getByRole('link', { name: /Recycling Collection/ }).click();
  await expect(page.getByRole('button', { name: "I'm on my way" })).toBeVisible();
  await expectUsableInAVehicle(page, 'the task');

  // Online (the page model waits for the server), then Offline without network: the phone
  // shows it at once, the server hears it when the network returns.
  await app.goOnline();
  const sent: Array<{ online: boolean; status: number }> = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/driver/availability') && response.request().method() === 'POST')
      sent.push({ online: (await response.json()).data.online, status: response.status() });
  });
  await context.setOffline(true);
  await app.availability.click();
  await expect(app.availability).toHaveText('Go online');
  await expect(page.getByTestId('availability-waiting')).toHaveText('Sent when the network is back');
  await expectUsableInAVehicle(page, 'the bar with a switch waiting');
  expect(sent).toEqual([]);
  await context.setOffline(false);
  await expect(page.getByTestId('availability-waiting')).toBeHidden();
  await expect.poll(() => sent).toEqual([{ online: false, status: 200 }]);

  await page.getByRole('link', { name: 'Earnings' }).click();
  await expect(page.getByTestId('earnings-today')).toBeVisible();
  await expectUsableInAVehicle(page, 'earnings');

  // Sign-out: the phone forgets the driver and the token on it stops working on the server.
  const first = (await tokenOnPhone(page))!;
  expect(await sessionStatus(request, first)).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/driver\/login$/);
  expect(await tokenOnPhone(page)).toBeNull();
  await expect.poll(() => sessionStatus(request, first)).toBe(401);
  await expectUsableInAVehicle(page, 'sign-in');

  // Signed in again, then out without network: the server is told once the network is back.
  const fallback = page.locator('details.driver-fallback');
  await fallback.getByText('Sign in with a password instead').click();
  await fallback.getByLabel('Phone number').fill(driver.phone);
  await fallback.getByLabel('Password').fill(`road-${driver.password}`);
  await fallback.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: "Today's tasks" })).toBeVisible();
  const second = (await tokenOnPhone(page))!;
  await page.getByRole('link', { name: /Recycling Collection/ }).click();
  await context.setOffline(true);
  // A step waiting for the network would be lost: the driver is asked first.
  await page.getByRole('button', { name: "I'm on my way" }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const question = page.getByRole('group', { name: '1 change waits for the network and is lost if you sign out now.' });
  await expect(question).toBeVisible();
  await expectUsableInAVehicle(page, 'the sign-out question');
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(question).toBeHidden();
  expect(await tokenOnPhone(page)).toBe(second);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await question.getByRole('button', { name: 'Sign out anyway' }).click();
  await expect(page).toHaveURL(/\/driver\/login$/);
  expect(await sessionStatus(request, second)).toBe(200);
  await context.setOffline(false);
  await expect.poll(() => sessionStatus(request, second)).toBe(401);
});

test("the driver's app has icons of its own under /driver/, not the client's", async ({ request }) => {
  const answer = await request.get('/driver/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  const manifest = (await answer.json()) as { name: string; icons: Array<{ src: string; type: string }> };
  expect(manifest.name).toBe('GreenPick Driver');
  expect(manifest.icons.length).toBeGreaterThanOrEqual(4);
  for (const icon of manifest.icons) {
    expect(icon.src, icon.src).toMatch(/^\/driver\//);
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']?.split(';')[0], icon.src).toBe(icon.type);
    const clients = await request.get(icon.src.replace(/^\/driver\//, '/'));
    expect(Buffer.compare(await image.body(), await clients.body()), `${icon.src} is the client's`).not.toBe(0);
  }
});
