/**
 * The admins' daily report (issue 63) on a server of the test's own (a fresh database: today's
 * figures are this test's alone): what the client paid, what went back, the net and the
 * driver's share equal the ledgers as the other sides read them (the payments the test made,
 * the refund on the client's task, the driver's own earnings). tests/server/daily-report.test.ts
 * compares every figure with its SQL sum.
 */
import { expect } from '@playwright/test';
import { formatNaira } from '../src/shared/money';
import { OpsConsole } from './page-models/ops-console';
import { atTheDesk } from './support/console-desk';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { signUpNewClient } from './support/new-client';
import { OPERATOR_PASSWORD, addOperator, onlineDriver, paidRecycling } from './support/operators';
import { test } from './support/own-server';
import { tasksOnServer } from './support/paid-task';

test.use(WITHOUT_SERVICE_WORKER);
atTheDesk();

test("the report's figures for today equal the payments, the refund and the driver's earnings", async ({
  page,
  request,
}) => {
  const opsHeaders = { 'X-Ops-Token': process.env.E2E_OPS_TOKEN ?? '' };
  const client = await signUpNewClient(request);
  const driver = await onlineDriver(request, 'Musa');
  // Paid: 2 kg and 3 kg at ₦1,500 a kg (₦3,000 and ₦4,500), in windows ahead so dispatch stays away.
  const done = await paidRecycling(request, client, 2, { later: true });
  const cancelled = await paidRecycling(request, client, 3, { later: true });
  const paidKobo = 300_000 + 450_000;

  const assigned = await request.post(`/ops/tasks/${done._id}/assign`, {
    headers: opsHeaders,
    data: { driverId: driver.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  const completed = await request.post(`/ops/tasks/${done._id}/complete`, {
    headers: opsHeaders,
    data: { quantity: 2 },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const cancel = await request.post(`/ops/tasks/${cancelled._id}/cancel`, {
    headers: opsHeaders,
    data: { reason: 'The client asked by phone' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  // The other sides' ledgers: the refund on the client's task, the driver's earnings today.
  const refunded = (await tasksOnServer(request, client)).find((task) => task._id === cancelled._id)!;
  expect(refunded.refund?.amount).toBe(4500);
  const refundKobo = refunded.refund!.amount * 100;
  const earnings = await request.post('/driver/earnings', { headers: { Authorization: `Bearer ${driver.token}` } });
  expect(earnings.status(), await earnings.text()).toBe(200);
  const today = ((await earnings.json()) as { data: { today: { tasks: number; earnings: number } } }).data.today;
  expect(today.tasks).toBe(1);
  const shareKobo = Math.round(today.earnings * 100);

  const admin = await addOperator(request, 'admin');
  const ops = await new OpsConsole(page).firstSignIn(admin.email, admin.password, OPERATOR_PASSWORD);
  await ops.nav.getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Daily report', level: 1 })).toBeVisible();

  const perDay = page.getByRole('table', { name: /^Per day/ });
  const header = await perDay.locator('thead th').allTextContents();
  const day = perDay.locator('tbody tr');
  await expect(day).toHaveCount(1);
  const cell = async (column: string) => {
    const index = header.indexOf(column);
    expect(index, column).toBeGreaterThan(0);
    return day.locator('th, td').nth(index);
  };
  await expect(await cell('completed')).toHaveText('1');
  await expect(await cell('cancelled')).toHaveText('1');
  await expect(await cell('Paid')).toHaveText(formatNaira(paidKobo));
  await expect(await cell('Refunds')).toHaveText(formatNaira(refundKobo));
  await expect(await cell('Net')).toHaveText(formatNaira(paidKobo - refundKobo));
  await expect(await cell("Drivers' shares")).toHaveText(formatNaira(shareKobo));

  const perDriver = page.getByRole('table', { name: 'Per driver' });
  const row = perDriver.getByRole('row').filter({ has: page.getByRole('rowheader', { name: driver.name }) });
  await expect(row.getByRole('cell')).toHaveText(['1', formatNaira(shareKobo), formatNaira(0)]);
});
