/**
 * Drivers paid through Paystack Transfers (issue 65), against the local fake Paystack: the bank
 * account resolved before it is saved, a week of tasks paid once per driver, a failed transfer
 * paid again and a reversed one returned, and the ledger, the balances and the transfers compared.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverShareKobo } from '../../src/shared/driver-rules';
import { formatNaira, nairaToKobo } from '../../src/shared/money';
import { driverBalanceKobo, insertEarning } from '../../server/db/payouts';
import { backfillDriverEarnings, previousWeek, runPayouts } from '../../server/payouts/payouts';
import { runAutoPayouts } from '../../server/payouts/payout-jobs';
import * as ops from '../../server/console/commands';
import { silentLogger } from '../../server/log';
import { runCli } from '../../server/ops/cli';
import { captureOutput, noDirectDatabase, startCliServer } from './cli-server';
import { startFakePaystack, type FakePaystack } from './fake-paystack';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';
import { insertClient, insertTask } from './ops-fixtures';

/** A Wednesday: the week is Monday 7 Dec 2026 (Lagos). */
const WEEK = '2026-12-07';
let clock = new Date('2026-12-09T10:00:00Z');
let fake: FakePaystack;
let server: TestServer;
let admin: string;
let phone = 0;
const OPS_TOKEN = 'payouts-test-ops-token';

beforeAll(async () => {
  fake = await startFakePaystack();
  server = await createTestServer({
    config: { paystackSecretKey: fake.secretKey, paystackApiUrl: fake.url, opsToken: OPS_TOKEN },
    now: () => clock,
  });
  admin = (await readyOperator(server, 'admin')).token;
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const db = () => server.deps.db;

async function signedInDriver(firstname: string) {
  phone += 1;
  const added = await ops.addDriver(db(), {
    firstname,
    lastname: 'Driver',
    phone: `0805${String(2_000_000 + phone)}`,
    lat: 6.5158,
    lng: 3.3782,
  });
  const login = await server.request('POST', '/driver/login', {
    body: { phone: added.phone, password: added.password },
  });
  const changed = await server.request('POST', '/driver/password', {
    token: login.body.data,
    body: { currentPassword: added.password, newPassword: 'my-own-password' },
  });
  expect(changed.status).toBe(200);
  return { id: added.id, token: changed.body.data as string };
}

/** A completed task of the driver and its 'share' row, as the task lifecycle writes them. */
async function completedTask(driverId: string, at = clock): Promise<number> {
  const client = await insertClient(db());
  const taskId = await insertTask(db(), client, { status: 'completed', driverId });
  await db().query('update tasks set completed_at = $2 where id = $1', [taskId, at]);
  const share = driverShareKobo(150_000, server.deps.config.driverShare);
  expect(await insertEarning(db(), { id: randomUUID(), driverId, taskId, kind: 'share', amountKobo: share, at })).toBe(
    true,
  );
  return share;
}

async function addAccount(driver: { token: string }, accountNumber: string, name: string) {
  fake.account('058', accountNumber, name);
  const resolved = await server.request('POST', '/driver/bank-account/resolve', {
    token: driver.token,
    body: { bankCode: '058', accountNumber },
  });
  expect(resolved.body).toEqual({ data: { accountName: name } });
  const saved = await server.request('POST', '/driver/bank-account/save', {
    token: driver.token,
    body: { bankCode: '058', accountNumber },
  });
  expect(saved.status).toBe(200);
  expect(saved.body.data).toEqual({
    bankCode: '058',
    bankName: 'Guaranty Trust Bank',
    accountNumberEnd: accountNumber.slice(-4),
    accountName: name,
  });
}

const payDrivers = (week = WEEK) => server.request('POST', '/ops/payouts/run', { token: admin, body: { week } });

const deliver = (event: unknown) => {
  const { body, signature } = fake.webhook(event);
  return server.request('POST', '/paystack/webhook', {
    rawBody: body,
    headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
  });
};

const recipientOf = async (driverId: string) =>
  (
    await db().query<{ recipient_code: string }>(
      'select recipient_code from driver_bank_accounts where driver_id = $1',
      [driverId],
    )
  )[0]!.recipient_code;

describe('the bank account', () => {
  it('lists Paystack banks once a day, resolves the name before saving and refuses what Paystack cannot resolve', async () => {
    const driver = await signedInDriver('Bisi');
    const before = fake.bankCalls;
    for (let i = 0; i < 3; i += 1) {
      const banks = await server.request('POST', '/driver/banks', { token: driver.token, body: {} });
      expect(banks.body.data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    }
    expect(fake.bankCalls - before).toBeLessThanOrEqual(1);
    const wrong = await server.request('POST', '/driver/bank-account/save', {
      token: driver.token,
      body: { bankCode: '058', accountNumber: '0000000001' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Could not resolve account name. Check parameters or try again.');
    for (const [body, message] of [
      [{ bankCode: '058', accountNumber: '12345' }, 'Account number must be 10 digits'],
      [{ bankCode: '058', accountNumber: '1'.repeat(11) }, 'Account number must be 10 digits'],
      [{ bankCode: '999', accountNumber: '0123456789' }, 'Choose a bank from the list'],
    ] as const) {
      const refused = await server.request('POST', '/driver/bank-account/resolve', { token: driver.token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect(
      (await server.request('POST', '/driver/bank-account', { token: driver.token, body: {} })).body.data,
    ).toBeNull();
    await addAccount(driver, '0123456789', 'BISI ADE');
    expect(fake.recipients.at(-1)).toMatchObject({ account_number: '0123456789', bank_code: '058', name: 'BISI ADE' });
    const mine = await server.request('POST', '/driver/bank-account', { token: driver.token, body: {} });
    expect(mine.body.data.accountName).toBe('BISI ADE');
  });
});

describe('the weekly payout run', () => {
  it('pays each driver once for a week, pays a failed transfer again and returns a reversed one; the ledger, balances and transfers agree', async () => {
    const ade = await signedInDriver('Ade');
    const chi = await signedInDriver('Chi');
    const noAccount = await signedInDriver('Dayo');
    const small = await signedInDriver('Efe');
    let adeEarned = 0;
    for (let i = 0; i < 3; i += 1) adeEarned += await completedTask(ade.id);
    const chiEarned = (await completedTask(chi.id)) + (await completedTask(chi.id));
    await completedTask(noAccount.id);
    await insertEarning(db(), {
      id: randomUUID(),
      driverId: small.id,
      taskId: null,
      kind: 'adjustment',
      amountKobo: 9_999,
    });
    // Earned after the week ended: paid with the next week, not this one.
    const nextWeek = new Date('2026-12-15T09:00:00Z');
    const adeLater = await completedTask(ade.id, nextWeek);
    await addAccount(ade, '1111111111', 'ADE DRIVER');
    await addAccount(chi, '2222222222', 'CHI DRIVER');
    await addAccount(small, '3333333333', 'EFE DRIVER');

    const first = await payDrivers();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      week: WEEK,
      queued: 2,
      sent: 2,
      failed: 0,
      total: (adeEarned + chiEarned) / 100,
    });
    // Retried, and doubled: nothing more is sent.
    expect((await Promise.all([payDrivers(), payDrivers()])).map((run) => run.body.data.queued)).toEqual([0, 0]);
    const adeRecipient = await recipientOf(ade.id);
    const chiRecipient = await recipientOf(chi.id);
    const sentTo = (recipient: string) => fake.transfers.filter((transfer) => transfer.recipient === recipient);
    expect(sentTo(adeRecipient).map((transfer) => transfer.amount)).toEqual([adeEarned]);
    expect(sentTo(chiRecipient).map((transfer) => transfer.amount)).toEqual([chiEarned]);
    expect(await driverBalanceKobo(db(), ade.id)).toBe(adeLater);
    expect(await driverBalanceKobo(db(), small.id)).toBe(9_999);

    // Chi's fails: back in the balance and listed for the admin; Ade's succeeds.
    expect((await deliver(fake.transferEvent('transfer.failed', sentTo(chiRecipient)[0]!.reference))).status).toBe(200);
    expect((await deliver(fake.transferEvent('transfer.success', sentTo(adeRecipient)[0]!.reference))).status).toBe(
      200,
    );
    // A repeated delivery changes nothing.
    expect((await deliver(fake.transferEvent('transfer.failed', sentTo(chiRecipient)[0]!.reference))).status).toBe(200);
    expect(await driverBalanceKobo(db(), chi.id)).toBe(chiEarned);
    const listed = await server.request('GET', `/ops/payouts?week=${WEEK}`, { token: admin });
    expect(listed.body.data.payouts).toContainEqual(
      expect.objectContaining({
        driver: { id: chi.id, name: 'Chi Driver' },
        status: 'failed',
        amount: chiEarned / 100,
      }),
    );

    // 'Pay drivers' again: Chi is paid under the next reference, Ade not again.
    const retry = await payDrivers();
    expect(retry.body.data).toMatchObject({ queued: 1, sent: 1 });
    expect(sentTo(chiRecipient).map((transfer) => transfer.amount)).toEqual([chiEarned, chiEarned]);
    expect(new Set(sentTo(chiRecipient).map((transfer) => transfer.reference)).size).toBe(2);
    await deliver(fake.transferEvent('transfer.success', sentTo(chiRecipient)[1]!.reference));

    // Ade's bank returns the money: back in the balance, listed, and paid again by the next run.
    await deliver(fake.transferEvent('transfer.reversed', sentTo(adeRecipient)[0]!.reference));
    expect(await driverBalanceKobo(db(), ade.id)).toBe(adeEarned + adeLater);
    const reversed = await server.request('GET', `/ops/payouts?week=${WEEK}`, { token: admin });
    expect(reversed.body.data.payouts).toContainEqual(
      expect.objectContaining({ driver: { id: ade.id, name: 'Ade Driver' }, status: 'reversed' }),
    );
    await payDrivers();
    await deliver(fake.transferEvent('transfer.success', sentTo(adeRecipient)[1]!.reference));
    expect(sentTo(adeRecipient).map((transfer) => transfer.amount)).toEqual([adeEarned, adeEarned]);

    // The ledger, the balances and the transfers agree: earned = paid (successful transfers) + balance.
    for (const [driver, recipient] of [
      [ade, adeRecipient],
      [chi, chiRecipient],
    ] as const) {
      const [ledger] = await db().query<{ sum: number }>(
        'select sum(amount_kobo) as sum from driver_earnings where driver_id = $1',
        [driver.id],
      );
      const paid = sentTo(recipient)
        .filter((transfer) => transfer.status === 'success')
        .reduce((sum, transfer) => sum + transfer.amount, 0);
      expect(paid + (await driverBalanceKobo(db(), driver.id))).toBe(ledger!.sum);
    }
    expect(await driverBalanceKobo(db(), chi.id)).toBe(0);
    expect(await driverBalanceKobo(db(), noAccount.id)).toBe(nairaToKobo(1050));

    // The driver sees each payout and the week's statement.
    const mine = await server.request('POST', '/driver/payouts', { token: ade.token, body: {} });
    expect(mine.body.data.balance).toBe(adeLater / 100);
    expect(mine.body.data.payouts.map((payout: { status: string }) => payout.status)).toEqual(['success', 'reversed']);
    expect(mine.body.data.weeks).toEqual([
      { week: '2026-12-14', tasks: 1, earned: adeLater / 100, paid: 0 },
      { week: WEEK, tasks: 3, earned: adeEarned / 100, paid: adeEarned / 100 },
    ]);
  });

  it('a transfer Paystack never took stays queued and the next run sends it, once', async () => {
    const driver = await signedInDriver('Femi');
    const earned = await completedTask(driver.id);
    await addAccount(driver, '4444444444', 'FEMI DRIVER');
    const recipient = await recipientOf(driver.id);
    fake.transferOutcome = 'down';
    const down = await payDrivers();
    expect(down.body.data).toMatchObject({ queued: 1, unsent: 1 });
    fake.transferOutcome = 'pending';
    // The claim of the stopped run has gone stale.
    clock = new Date(clock.getTime() + 3 * 60_000);
    const next = await payDrivers();
    expect(next.body.data).toMatchObject({ queued: 0, sent: 1 });
    expect(fake.transfers.filter((transfer) => transfer.recipient === recipient).map((t) => t.amount)).toEqual([
      earned,
    ]);
  });

  it('the automatic run pays last week from Monday 06:00 Lagos, only when the admin turned it on', async () => {
    const driver = await signedInDriver('Gbenga');
    await completedTask(driver.id);
    await addAccount(driver, '5555555555', 'GBENGA DRIVER');
    clock = new Date('2026-12-14T04:30:00Z'); // Monday 05:30 in Lagos
    expect(previousWeek(clock)).toBe(WEEK);
    expect(await runAutoPayouts(server.deps)).toBeNull();
    clock = new Date('2026-12-14T05:00:00Z'); // 06:00 in Lagos
    expect(await runAutoPayouts(server.deps)).toBeNull();
    const on = await server.request('POST', '/ops/settings/auto-payouts', { token: admin, body: { on: true } });
    expect(on.status).toBe(200);
    expect(await runAutoPayouts(server.deps)).toMatchObject({ week: WEEK, queued: 1 });
    expect(await runAutoPayouts(server.deps)).toMatchObject({ queued: 0 });
    const audit = await server.request('GET', '/ops/audit', { token: admin });
    expect(audit.body.data.some((row: { action: string }) => row.action === 'settings.auto-payouts')).toBe(true);
  });

  it('`npm run ops -- pay-drivers <week>` pays through the running server, once', async () => {
    const driver = await signedInDriver('Halima');
    const earned = await completedTask(driver.id, new Date('2026-11-25T10:00:00Z'));
    await addAccount(driver, '6666666666', 'HALIMA DRIVER');
    const cli = await startCliServer(server, OPS_TOKEN);
    try {
      const { output, io } = captureOutput();
      const run = () =>
        runCli(['pay-drivers', '2026-11-23'], { env: cli.env(), ...io, openDatabase: noDirectDatabase });
      expect(await run()).toBe(0);
      expect(output.out.at(-1)).toBe(
        `Week of 2026-11-23: 1 payouts sent (${formatNaira(earned)}), 0 failed, 0 waiting for Paystack.`,
      );
      expect(await run()).toBe(0);
      expect(output.out.at(-1)).toBe('Week of 2026-11-23: 0 payouts sent (₦0.00), 0 failed, 0 waiting for Paystack.');
      expect(
        await runCli(['pay-drivers', '2026-11-24'], { env: cli.env(), ...io, openDatabase: noDirectDatabase }),
      ).toBe(1);
      expect(output.err.at(-1)).toBe('week must be a Monday as YYYY-MM-DD');
    } finally {
      await cli.close();
    }
  });

  it('the week must be a Monday; only an admin pays', async () => {
    const refused = await server.request('POST', '/ops/payouts/run', { token: admin, body: { week: '2026-12-08' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('week must be a Monday as YYYY-MM-DD');
    const dispatcher = await readyOperator(server, 'dispatcher');
    expect(
      (await server.request('POST', '/ops/payouts/run', { token: dispatcher.token, body: { week: WEEK } })).status,
    ).toBe(403);
  });
});

describe('the ledger before payouts', () => {
  it("writes once the drivers' share of past completed tasks, less what was refunded", async () => {
    const driver = await signedInDriver('Ifeanyi');
    const client = await insertClient(db());
    const taskId = await insertTask(db(), client, { status: 'completed', driverId: driver.id });
    await db().query('update tasks set completed_at = $2 where id = $1', [taskId, clock]);
    await db().query(
      `insert into refunds (id, task_id, reference, kind, amount_kobo, status, provider)
       values ($1, $1, $2, 'weighed', 50000, 'refunded', 'test-ledger')`,
      [taskId, `ref-${taskId}`],
    );
    await db().query('update ops_settings set earnings_backfilled = false');
    await backfillDriverEarnings(db(), 0.7, silentLogger());
    await backfillDriverEarnings(db(), 0.7, silentLogger());
    const rows = await db().query<{ kind: string; amount_kobo: number }>(
      'select kind, amount_kobo from driver_earnings where task_id = $1',
      [taskId],
    );
    expect(rows).toEqual([{ kind: 'share', amount_kobo: driverShareKobo(100_000, 0.7) }]);
    expect(await runPayouts(server.deps, WEEK)).toMatchObject({ queued: 0 });
  });
});
