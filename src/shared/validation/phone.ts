/**
 * The one phone number rule, for sign-up, profile edit and the server: the specification's
 * pattern, or a Nigerian number as people write it (docs/product.md, 'Accounts'). The length
 * is checked first and neither pattern nests quantifiers, so both run in linear time.
 */
import { MAX_LENGTH } from '../limits';

const SPEC_PATTERN = /^\+?\(?[0-9]{3}\)?[-. ]?[0-9]{3}[-. ]?[0-9]{4,6}$/;
const SEPARATORS = /[\s().-]/g;
const NIGERIAN = /^(?:\+?2340?|0)[1-9][0-9]{7,9}$/;

export function isPhoneNumber(value: string): boolean {
  if (value.length > MAX_LENGTH.phone) return false;
  const phone = value.trim();
  if (phone.length === 0) return false;
  return SPEC_PATTERN.test(phone) || NIGERIAN.test(phone.replace(SEPARATORS, ''));
}

export const INVALID_PHONE = 'Phone number is invalid';
