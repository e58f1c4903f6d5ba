/**
 * The one phone number rule (sign-up, profile edit; app and server). Two forms are accepted:
 * - the specification's pattern: an optional plus sign, 3 digits, 3 digits, then 4 to 6
 *   digits, with optional brackets around the first group and a dash, space or dot between
 *   groups ('803-123-4567', '(803) 123 4567', '08012345678');
 * - Nigerian numbers as people write them: '+234 801 234 5678', '+2348012345678',
 *   '2348012345678', '+234 (0)801 234 5678', '0801 234 5678', '01 234 5678', with spaces,
 *   dashes, dots or brackets anywhere: after the country code (+234 or 234, optionally
 *   followed by the trunk 0) or the trunk 0, a national number of 8 to 10 digits that does
 *   not start with 0 (mobiles have 10, Lagos land lines 8).
 * The length is checked first and neither pattern nests quantifiers, so both run in linear time.
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
