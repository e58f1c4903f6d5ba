/**
 * Sign-in by phone number and SMS code (issue 66; docs/product.md, Accounts): asking for a
 * code, trying it (with the names of a new account), and proving a number for the profile.
 * The number is read by the one phone rule (src/shared/validation/phone.ts) and answered in
 * E.164; lengths are checked first.
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { INVALID_PHONE, normalizePhone } from '../validation/phone';
import { NOT_AN_OBJECT, text } from './fields';

export const PHONE_REQUIRED = 'Phone number is required';
export const CODE_FORMAT = 'Enter the 6-digit code';
export const NAMES_REQUIRED = 'First and last name are required';

const phone = text('phone', { max: MAX_LENGTH.phone, label: 'Phone number', required: PHONE_REQUIRED })
  .trim()
  .min(1, { error: PHONE_REQUIRED, abort: true })
  .transform((value, context) => {
    const e164 = normalizePhone(value);
    if (e164) return e164;
    context.addIssue({ code: 'custom', message: INVALID_PHONE });
    return z.NEVER;
  });

const code = text('code', { max: 16, label: 'Code', required: CODE_FORMAT, tooLong: CODE_FORMAT })
  .trim()
  .regex(/^[0-9]{6}$/, { error: CODE_FORMAT });

const name = (field: string, label: string) =>
  text(field, { max: MAX_LENGTH.name, label, name: true }).trim().min(1, { error: NAMES_REQUIRED }).optional();

export const phoneStartSchema = z.object(
  {
    phone,
    // 'voice': a call reading the code out, offered 30 s after an SMS that did not come.
    channel: z.enum(['sms', 'voice'], { error: "channel must be 'sms' or 'voice'" }).default('sms'),
  },
  { error: NOT_AN_OBJECT },
);

export const phoneVerifySchema = z.object(
  {
    phone,
    code,
    // A number without an account: the names make it (both or neither).
    firstname: name('firstname', 'First name'),
    lastname: name('lastname', 'Last name'),
    ref: z
      .string({ error: 'ref must be a string' })
      .max(MAX_LENGTH.referralCode, { error: 'ref is not a referral code', abort: true })
      .regex(/^[A-Za-z0-9]*$/, { error: 'ref is not a referral code' })
      .nullish()
      .transform((value) => value?.toUpperCase() || null),
  },
  { error: NOT_AN_OBJECT },
);

export const phoneChangeSchema = z.object({ phone, code }, { error: NOT_AN_OBJECT });
