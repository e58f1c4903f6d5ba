/**
 * The driver's bank account and payouts (issue 65, docs/driver.md 'Payouts'): the banks from
 * Paystack's list, the account number resolved to its name before it is saved and a transfer
 * recipient made of it, the balance, each payout and the weekly statement.
 */
import { Hono } from 'hono';
import type { DriverBankAccount, DriverPayouts } from '../../src/shared/driver-contract';
import { emptyDriverSchema } from '../../src/shared/schemas/driver';
import { bankAccountSchema } from '../../src/shared/schemas/payouts';
import { koboToNaira } from '../../src/shared/money';
import type { AppEnv } from '../context';
import {
  type BankAccountRow,
  driverBalanceKobo,
  findBankAccount,
  saveBankAccount,
  selectDriverPayouts,
  selectWeeklyEarnings,
} from '../db/payouts';
import { HttpError, badRequest } from '../http/errors';
import { requireRole } from '../http/roles';
import { jsonBody } from '../http/validator';
import { TransferError, type Transfers } from './transfers';

export const driverPayoutRoutes = new Hono<AppEnv>();

const STATEMENT_WEEKS = 12;
const PAYOUTS_SHOWN = 50;

/** Paystack's refusal is the driver's to read (400); Paystack out of reach is a 503 to try again. */
async function askPaystack<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof TransferError)) throw error;
    if (error.refused) throw badRequest(error.message);
    throw new HttpError(503, 'The bank service cannot be reached. Try again in a minute.');
  }
}

function toAccount(row: BankAccountRow): DriverBankAccount {
  return {
    bankCode: row.bank_code,
    bankName: row.bank_name,
    accountNumberEnd: row.account_number.slice(-4),
    accountName: row.account_name,
  };
}

async function bankName(transfers: Transfers, code: string): Promise<string> {
  const bank = (await askPaystack(() => transfers.banks())).find((each) => each.code === code);
  if (!bank) throw badRequest('Choose a bank from the list');
  return bank.name;
}

const emptyBody = jsonBody(emptyDriverSchema, { optional: true });

driverPayoutRoutes.post('/driver/banks', requireRole('driver'), emptyBody, async (c) =>
  c.json({ data: await askPaystack(() => c.var.deps.transfers.banks()) }),
);

driverPayoutRoutes.post('/driver/bank-account', requireRole('driver'), emptyBody, async (c) => {
  const row = await findBankAccount(c.var.deps.db, c.var.driver.id);
  return c.json({ data: row ? toAccount(row) : null });
});

/** The account's name at the bank, for the driver to confirm before saving. */
driverPayoutRoutes.post(
  '/driver/bank-account/resolve',
  requireRole('driver'),
  jsonBody(bankAccountSchema),
  async (c) => {
    const { transfers } = c.var.deps;
    const { bankCode, accountNumber } = c.req.valid('json');
    await bankName(transfers, bankCode);
    const accountName = await askPaystack(() => transfers.resolveAccount(bankCode, accountNumber));
    return c.json({ data: { accountName } });
  },
);

/** Resolved again here (never the name the phone sends), then the recipient made and the account saved. */
driverPayoutRoutes.post('/driver/bank-account/save', requireRole('driver'), jsonBody(bankAccountSchema), async (c) => {
  const { db, transfers, now } = c.var.deps;
  const { bankCode, accountNumber } = c.req.valid('json');
  const name = await bankName(transfers, bankCode);
  const accountName = await askPaystack(() => transfers.resolveAccount(bankCode, accountNumber));
  const recipient = await askPaystack(() => transfers.createRecipient({ name: accountName, accountNumber, bankCode }));
  const row = await saveBankAccount(
    db,
    {
      driver_id: c.var.driver.id,
      bank_code: bankCode,
      bank_name: name,
      account_number: accountNumber,
      account_name: accountName,
      recipient_code: recipient,
    },
    now(),
  );
  return c.json({ data: toAccount(row) });
});

/** The balance, the account, each payout and the weekly statement (earned and paid by week). */
driverPayoutRoutes.post('/driver/payouts', requireRole('driver'), emptyBody, async (c) => {
  const { db } = c.var.deps;
  const driverId = c.var.driver.id;
  const [balance, account, payouts, weeks] = await Promise.all([
    driverBalanceKobo(db, driverId),
    findBankAccount(db, driverId),
    selectDriverPayouts(db, driverId, PAYOUTS_SHOWN),
    selectWeeklyEarnings(db, driverId, STATEMENT_WEEKS),
  ]);
  const paidFor = new Map<string, number>();
  for (const payout of payouts)
    if (payout.status === 'success') paidFor.set(payout.week, (paidFor.get(payout.week) ?? 0) + payout.amount_kobo);
  const data: DriverPayouts = {
    balance: koboToNaira(balance),
    account: account ? toAccount(account) : null,
    payouts: payouts.map((payout) => ({
      id: payout.id,
      week: payout.week,
      amount: koboToNaira(payout.amount_kobo),
      status: payout.status,
      createdAt: new Date(payout.created_at).toISOString(),
      updatedAt: new Date(payout.updated_at).toISOString(),
    })),
    weeks: weeks.map((week) => ({
      week: week.week,
      tasks: week.tasks,
      earned: koboToNaira(week.earned_kobo),
      paid: koboToNaira(paidFor.get(week.week) ?? 0),
    })),
  };
  return c.json({ data });
});
