import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from '../../../src/shared/validation/phone';

describe('the phone number rule (sign-up, profile edit, server)', () => {
  it.each([
    '+234 801 234 5678',
    '+2348012345678',
    '08012345678',
    '0801 234 5678',
    '0801-234-5678',
    '+234-801-234-5678',
    '234 801 234 5678',
    '+234 (0)801 234 5678',
    '+234 1 234 5678',
    '01 234 5678',
    ' +2348012345678 ',
  ])('accepts the Nigerian number %s', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
  });

  it.each(['803-123-4567', '(803) 123 4567', '803.123.456789', '+803 123 4567', '8031234567'])(
    "accepts the specification's pattern: %s",
    (phone) => {
      expect(isPhoneNumber(phone)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['letters', 'call me'],
    ['too few digits', '0801 234'],
    ['too many digits after +234', '+234 801 234 5678 9'],
    ['a national number starting with 0 after +234 0', '+234 00 801 234 5678'],
    ['another country', '+44 20 7946 0958'],
    ['a NUL byte', '0801234\u00005678'],
    ['over 40 characters', `0801 234 5678${' '.repeat(40)}`],
  ])('refuses %s', (_label, phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
  });
});
