/**
 * A pickup as it really goes (docs/lifecycle.md): the driver's arrival counts only near the pin;
 * more waste than booked is paid for by the client on their phone before it is collected, less
 * is refunded, and both show on the receipt, Home and History; a cancel at the door keeps the fee
 * for the driver. The driver's side goes through the driver's API (its screens are the driver
 * journeys'); the client's side is the app on a 375 px phone. Each test has a server of its own.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Task } from '../src/shared/contract';
import { TestCheckout } from './page-models/create-task-page';
import { signInWithToken } from './support/demo-client';
import { addDriver } from './support/driver';
import { signUpNewClient, type NewClient } from './support/new-client';
import { paidRecycling } from './support/operators';
import { test } from './support/own-server';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

/** The recycling pickups' pin (e2e/support/operators.ts: Surulere). */
const PIN = { lat: 6.4926, lng: 3.3553 };
/** About 40 m north of it. */
const NEAR = { lat: 6.49296, lng: 3.3553 };
/**
 * About 4 km north, reported 100 s before the phone reaches the door: a drive a position's
 * screen believes (at most 150 km/h between stored points; a jump is not stored).
 */
const FAR = { lat: 6.5286, lng: 3.3553 };

interface Driver {
  id: string;
  token: string;
}

/** A driver added by an operator, signed in with their own password, given the client's task and on the way. */
async function driverOnTheWay(request: APIRequestContext, task: Task): Promise<Driver> {
  const added = await addDriver(request, PIN);
  const login = await request.post('/driver/login', { data: { phone: added.phone, password: added.password } });
  const changed = await request.post('/driver/password', {
    headers: { Authorization: `Bearer ${(await login.json()).data}` },
    data: { currentPassword: added.password, newPassword: `road-${added.password}` },
  });
  const driver = { id: added.id, token: (await changed.json()).data as string };
  const assigned = await request.post(`/ops/tasks/${task._id}/assign`, {
    headers: { 'X-Ops-Token': process.env.E2E_OPS_TOKEN ?? '' },
    data: { driverId: driver.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  expect((await asDriver(request, driver, '/driver/tasks/start', { taskId: task._id })).status).toBe(200);
  return driver;
}

async function asDriver(request: APIRequestContext, driver: Driver, path: string, data: unknown) {
  const answer = await request.post(path, { headers: { Authorization: `Bearer ${driver.token}` }, data });
  return { status: answer.status(), body: await answer.json() };
}

/** The driver's phone sends where it is now (or was `secondsAgo`). */
async function standAt(request: APIRequestContext, driver: Driver, at: { lat: number; lng: number }, secondsAgo = 0) {
  const sent = await asDriver(request, driver, '/driver/positions', {
    points: [{ ...at, accuracy: 10, at: new Date(Date.now() - secondsAgo * 1000).toISOString() }],
  });
  expect(sent.status).toBe(200);
}

/** The driver at the door: 'I've arrived' from 40 m. */
async function arrive(request: APIRequestContext, driver: Driver, taskId: string) {
  await standAt(request, driver, NEAR);
  expect((await asDriver(request, driver, '/driver/tasks/arrived', { taskId })).status).toBe(200);
}

async function openTask(page: Page, client: NewClient, taskId: string) {
  await signInWithToken(page, client.token);
  await page.goto(`/client/tasks/${taskId}`);
  return page.getByRole('dialog', { name: 'Task Details' });
}

test("'I've arrived' is refused at 4 km and taken at 40 m", async ({ request }) => {
  const client = await signUpNewClient(request);
  const task = await paidRecycling(request, client, 3);
  const driver = await driverOnTheWay(request, task);
  await standAt(request, driver, FAR, 100);
  const far = await asDriver(request, driver, '/driver/tasks/arrived', { taskId: task._id });
  expect(far.status).toBe(409);
  expect(far.body.message).toMatch(/^You are 4\.\d km from the pickup point$/);
  // Not arrived: neither weighing nor completing.
  const weighed = await asDriver(request, driver, '/driver/tasks/weigh', { taskId: task._id, quantity: 3 });
  expect(weighed.status).toBe(409);
  await arrive(request, driver, task._id);
});

test('the driver weighs 5 kg of 3 booked; the client pays ₦3,000.00 more on the phone and the receipt says 5 kg', async ({
  page,
  request,
}) => {
  const client = await signUpNewClient(request);
  const task = await paidRecycling(request, client, 3);
  const driver = await driverOnTheWay(request, task);
  await arrive(request, driver, task._id);
  // More than booked cannot be collected before the client pays for it.
  const tooMuch = await asDriver(request, driver, '/driver/tasks/complete', {
    taskId: task._id,
    code: task.confirmationCode,
    quantity: 5,
  });
  expect(tooMuch.status).toBe(409);
  const weighed = await asDriver(request, driver, '/driver/tasks/weigh', { taskId: task._id, quantity: 5 });
  expect(weighed.body.data.extra).toEqual({ quantity: 2, amount: 3000, coveredQuantity: 0, status: 'awaiting' });

  const details = await openTask(page, client, task._id);
  await expect(
    details.getByText('Your driver weighed 5 kg (you booked 3 kg): pay ₦3,000.00 more, or the driver takes 3 kg'),
  ).toBeVisible();
  // The checkout opens on a page of its own, then the client is back on the task.
  await details.getByRole('link', { name: 'Pay ₦3,000.00' }).click();
  await expect(page).toHaveURL(new RegExp(`/client/tasks/${task._id}/extra$`));
  await page.getByRole('button', { name: 'Pay ₦3,000.00' }).click();
  await new TestCheckout(page).pay('3,000.00');
  await expect(page).toHaveURL(new RegExp(`/client/tasks/${task._id}$`));
  await expect(page.getByRole('heading', { name: 'Your driver weighed more' })).toBeHidden();

  const completed = await asDriver(request, driver, '/driver/tasks/complete', {
    taskId: task._id,
    code: task.confirmationCode,
    quantity: 5,
  });
  expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  expect(completed.body.data).toMatchObject({ quantity: 5, unit: 'per kg', refund: 0, pointsEarned: 50 });

  await page.goto(`/client/tasks/${task._id}/receipt`);
  await expect(page.getByTestId('receipt-line')).toHaveText(
    '5 kg x ₦1,500.00 = ₦7,500.00 (booked 3 kg, ₦3,000.00 extra paid)',
  );
  await expect(page.getByText('Extra paid at the door: ₦3,000.00')).toBeVisible();
});

test('weighed at 2 kg of 3: the refund shows on the receipt, Home and History', async ({ page, request }) => {
  const client = await signUpNewClient(request);
  const task = await paidRecycling(request, client, 3);
  const driver = await driverOnTheWay(request, task);
  await arrive(request, driver, task._id);
  const completed = await asDriver(request, driver, '/driver/tasks/complete', {
    taskId: task._id,
    code: task.confirmationCode,
    quantity: 2,
  });
  expect(completed.body.data).toMatchObject({ quantity: 2, refund: 1500 });

  await signInWithToken(page, client.token);
  await page.goto(`/client/tasks/${task._id}/receipt`);
  await expect(page.getByTestId('receipt-line')).toHaveText(
    '2 kg x ₦1,500.00 = ₦3,000.00 (booked 3 kg, ₦1,500.00 refunded)',
  );
  await expect(page.getByText('Refunded: -₦1,500.00')).toBeVisible();
  await expect(page.getByText('VAT included (7.5%)').locator('xpath=following-sibling::dd[1]')).toHaveText('₦209.30');

  await page.goto('/client/home');
  const card = page.locator('.dashboard-task', { hasText: 'Recycling' });
  await expect(card).toContainText('₦3,000.00');
  await expect(card).toContainText('2 kg (booked 3 kg, ₦1,500.00 refunded)');

  await page.goto('/client/history');
  const entry = page.getByRole('article').filter({ hasText: 'Recycling' });
  await expect(entry).toContainText('2 kg (booked 3 kg, ₦1,500.00 refunded)');
  await expect(entry).toContainText('₦3,000.00');
});

test('a cancel after the driver arrived says the fee first and keeps it for the driver', async ({ page, request }) => {
  const client = await signUpNewClient(request);
  const task = await paidRecycling(request, client, 3);
  const driver = await driverOnTheWay(request, task);
  await arrive(request, driver, task._id);

  const details = await openTask(page, client, task._id);
  await details.getByRole('button', { name: 'Cancel task' }).click();
  await expect(
    details.getByText('Your driver is at your door: cancelling now costs ₦500.00; you get ₦4,000.00 back'),
  ).toBeVisible();
  await details.getByRole('radio', { name: 'My plans changed' }).check();
  await details.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(details.getByText('Your task was cancelled (My plans changed).')).toBeVisible();

  const outcome = await asDriver(request, driver, '/driver/tasks/outcome', { taskId: task._id });
  expect(outcome.body.data).toEqual({
    taskId: task._id,
    status: 'cancelled',
    cancelledBy: 'client',
    reason: 'My plans changed',
    earned: 500,
  });
});
