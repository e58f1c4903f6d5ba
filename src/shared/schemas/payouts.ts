/**
 * Request schemas of the drivers' payouts (docs/driver.md 'Payouts'): the driver's bank account
 * and the admin's weekly run. Lengths first, as everywhere.
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { NOT_AN_OBJECT, text } from './fields';

export const ACCOUNT_NUMBER_RULE = 'Account number must be 10 digits';
export const WEEK_RULE = 'week must be a Monday as YYYY-MM-DD';

const bankAccount = {
  bankCode: text('bankCode', { max: MAX_LENGTH.bankCode, label: 'Bank' })
    .trim()
    .regex(/^[0-9A-Za-z-]{1,16}$/, { error: 'Choose a bank' }),
  accountNumber: text('accountNumber', {
    max: MAX_LENGTH.accountNumber,
    label: 'Account number',
    tooLong: ACCOUNT_NUMBER_RULE,
  })
    .trim()
    .regex(/^[0-9]{10}$/, { error: ACCOUNT_NUMBER_RULE }),
};

/** The account to look up (its name comes back) or to save (looked up again, then a recipient made). */
export const bankAccountSchema = z.object(bankAccount, { error: NOT_AN_OBJECT });

/** Whether 'YYYY-MM-DD' is a real Monday. */
export function isMondayDate(week: string): boolean {
  const time = Date.parse(`${week}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === week && new Date(time).getUTCDay() === 1;
}

export const weekField = text('week', { max: MAX_LENGTH.week }).refine(isMondayDate, { error: WEEK_RULE });

/** The admin's 'Pay drivers' for a week. */
export const payDriversSchema = z.object({ week: weekField }, { error: NOT_AN_OBJECT });

export const payoutsQuerySchema = z.object({ week: weekField.optional() });

export const autoPayoutsSchema = z.object(
  {
    on: z.boolean({ error: (issue) => (issue.input === undefined ? 'on is required' : 'on must be true or false') }),
  },
  { error: NOT_AN_OBJECT },
);
