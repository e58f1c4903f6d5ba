/**
 * The one phone number rule (sign-up, profile edit, operator; app and server): a Nigerian mobile
 * number, +234 and 10 digits starting 7, 8 or 9, however written; stored in E.164, shown grouped
 * (docs/product.md, Accounts). The length is checked before the pattern, which runs in linear time.
 */
import { MAX_LENGTH } from '../limits';

const SEPARATORS = /[\s().-]/g;
/** Country code (with an optional trunk 0 after it) or the trunk 0 alone, then the 10-digit mobile number. */
const NIGERIAN_MOBILE = /^(?:\+?2340?|0)?([789][0-9]{9})$/;

/** '+2348031234567' for '0803 123 4567', '+234 803 123 4567' or '2348031234567'; null for anything else. */
export function normalizePhone(value: string): string | null {
  if (value.length > MAX_LENGTH.phone) return null;
  const match = NIGERIAN_MOBILE.exec(value.trim().replace(SEPARATORS, ''));
  return match ? `+234${match[1]}` : null;
}

export function isPhoneNumber(value: string): boolean {
  return normalizePhone(value) !== null;
}

/** '+234 803 123 4567'; a stored number that is not a Nigerian mobile (from before this rule) as it is. */
export function formatPhone(value: string): string {
  const e164 = normalizePhone(value);
  return e164 ? `+234 ${e164.slice(4, 7)} ${e164.slice(7, 10)} ${e164.slice(10)}` : value;
}

export const INVALID_PHONE = 'Phone number is invalid';
