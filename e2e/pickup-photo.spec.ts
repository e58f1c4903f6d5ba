/**
 * Photo proof at pickup (issue 64, docs/driver.md 'Photo proof'): a bulk pickup requires the
 * driver's photo. Offline at the door, the driver takes it with the camera and completes; both
 * wait in the app's queue, go when the network returns, and the photo reaches the client's
 * receipt once. The steps up to the door go through the driver's API (the journeys drive them
 * on screen); the door is the driver's app on a phone. A server of its own.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateTaskRequest, CreateTaskResponse, Task } from '../src/shared/contract';
import { PHOTO_TARGET_BYTES } from '../src/shared/driver-rules';
import { DriverApp } from './page-models/driver-app';
import { signInWithToken } from './support/demo-client';
import { addDriver } from './support/driver';
import { signUpNewClient, type NewClient } from './support/new-client';
import { test } from './support/own-server';
import { MOBILE } from './support/viewports';

test.use({ viewport: MOBILE });

/** The pickup's pin (Surulere) and a place about 40 m north of it. */
const PIN = { lat: 6.4926, lng: 3.3553 };
const NEAR = { lat: 6.49296, lng: 3.3553 };
const OPS = { 'X-Ops-Token': process.env.E2E_OPS_TOKEN ?? '' };
const PHOTO_ALT = 'What the driver collected, at pickup';

/** Two bulky items (₦5,000.00 each), paid on the test ledger: the catalog requires the photo. */
async function paidBulk(request: APIRequestContext, client: NewClient): Promise<Task> {
  const reference = `photo-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const headers = { Authorization: `Bearer ${client.token}` };
  const paid = await request.post('/dev/payments', {
    headers,
    data: { reference, amount: 1_000_000, email: client.email },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const body: CreateTaskRequest = {
    address: '10 Adeniran Ogunsanya Street, Surulere, Lagos',
    location: { type: 'Point', coordinates: [PIN.lng, PIN.lat] },
    amount: 5000,
    user: client.user._id,
    reference,
    type: 'bulk',
    serviceName: 'Bulk Waste Removal',
    unit: 'per item',
    quantity: 2,
  };
  const created = await request.post('/client/create', { headers, data: body });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return ((await created.json()) as CreateTaskResponse).data;
}

test("a required photo taken offline goes with the completion when the network returns and shows once on the client's receipt", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const client = await signUpNewClient(request);
  const task = await paidBulk(request, client);
  const added = await addDriver(request, NEAR);

  const driverContext = await browser.newContext({
    viewport: MOBILE,
    hasTouch: true,
    isMobile: true,
    permissions: ['geolocation'],
    geolocation: { latitude: NEAR.lat, longitude: NEAR.lng, accuracy: 10 },
    baseURL: baseURL!,
  });
  const driverPage = await driverContext.newPage();
  const password = `door-${added.password}`;
  await new DriverApp(driverPage).signIn(added.phone, added.password, password);

  // The operator gives the driver the task; the driver goes and stands 40 m from the pin (API).
  const assigned = await request.post(`/ops/tasks/${task._id}/assign`, {
    headers: OPS,
    data: { driverId: added.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const login = await request.post('/driver/login', { data: { phone: added.phone, password } });
  const driver = { Authorization: `Bearer ${(await login.json()).data}` };
  expect((await request.post('/driver/tasks/start', { headers: driver, data: { taskId: task._id } })).status()).toBe(
    200,
  );
  const stood = await request.post('/driver/positions', {
    headers: driver,
    data: { points: [{ ...NEAR, accuracy: 10, at: new Date().toISOString() }] },
  });
  expect(stood.status()).toBe(200);
  expect((await request.post('/driver/tasks/arrived', { headers: driver, data: { taskId: task._id } })).status()).toBe(
    200,
  );

  await driverPage.goto(`/driver/tasks/${task._id}`);
  await expect(driverPage.getByTestId('task-status')).toHaveText('Arrived');
  await expect(driverPage.getByRole('heading', { name: 'Photo at pickup (required)' })).toBeVisible();

  // Offline at the door: the code alone is not enough, the photo comes first.
  await driverContext.setOffline(true);
  await driverPage.getByLabel("Client's confirmation code").fill(task.confirmationCode);
  await driverPage.getByRole('button', { name: 'Complete pickup' }).click();
  await expect(driverPage.getByRole('alert')).toHaveText('Take the pickup photo first.');

  // The camera's picture: a large real JPEG (the app shrinks it on the phone).
  const camera = await page.screenshot({ type: 'jpeg', quality: 100, fullPage: true });
  await driverPage.getByLabel('Take the pickup photo').setInputFiles({
    name: 'IMG_0001.jpg',
    mimeType: 'image/jpeg',
    buffer: camera,
  });
  await expect(driverPage.getByTestId('photo-status')).toHaveText('Pickup photo taken');
  await expect(driverPage.getByRole('status').filter({ hasText: 'Waiting for the network' })).toContainText(
    'The pickup photo',
  );
  await driverPage.getByRole('button', { name: 'Complete pickup' }).click();
  await expect(
    driverPage.getByRole('status').filter({ hasText: 'Waiting for the network: Completing the pickup' }),
  ).toBeVisible();
  const onServer = async () =>
    (
      (await (await request.get(`/ops/tasks/${task._id}`, { headers: OPS })).json()) as {
        data: { status: string; pickupPhoto: string | null };
      }
    ).data;
  expect(await onServer()).toMatchObject({ status: 'on-going', pickupPhoto: null });

  await driverContext.setOffline(false);
  await expect(driverPage.getByRole('heading', { name: 'Pickup completed' })).toBeVisible();
  const stored = await onServer();
  expect(stored.status).toBe('completed');
  const [prefix, base64] = (stored.pickupPhoto ?? '').split(',');
  expect(prefix).toMatch(/^data:image\/(jpeg|webp);base64$/);
  expect(Buffer.from(base64 ?? '', 'base64').length).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);

  // The client's receipt shows it, once.
  await signInWithToken(page, client.token);
  await page.goto(`/client/tasks/${task._id}/receipt`);
  const receipt = page.getByRole('article', { name: /^Receipt #/ });
  await expect(receipt.getByTestId('receipt-line')).toBeVisible();
  await expect(receipt.getByRole('img', { name: PHOTO_ALT })).toHaveCount(1);
  await expect(receipt.getByRole('img', { name: PHOTO_ALT })).toHaveAttribute('src', stored.pickupPhoto!);
  await driverContext.close();
});
