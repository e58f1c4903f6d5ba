import { describe, expect, it } from 'vitest';
import { formatPhone, isPhoneNumber, normalizePhone } from '../../../src/shared/validation/phone';

describe('the phone number rule: a Nigerian mobile number (sign-up, profile edit, server)', () => {
  it.each([
    ['0803 123 4567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['08031234567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['+234 (0)803 123 4567', '+2348031234567'],
    ['(0803) 123.4567', '+2348031234567'],
    ['803 123 4567', '+2348031234567'],
    [' 0701 234 5678 ', '+2347012345678'],
    ['0905 555 1234', '+2349055551234'],
  ])('%s is %s', (written, e164) => {
    expect(normalizePhone(written)).toBe(e164);
    expect(isPhoneNumber(written)).toBe(true);
  });

  it.each([
    ['one digit short', '0803 123 456'],
    ['one digit too many', '0803 123 45678'],
    ['a land line', '01 234 5678'],
    ['a mobile not starting 7, 8 or 9', '0603 123 4567'],
    ['too many digits after +234', '+234 801 234 5678 9'],
    ['another country', '+44 20 7946 0958'],
    ['a North American number', '(803) 123-456'],
    ['empty', ''],
    ['letters', 'call me'],
    ['a NUL byte', '0801234\u00005678'],
    ['over 40 characters', `0803 123 4567${' '.repeat(40)}`],
  ])('refuses %s', (_label, phone) => {
    expect(normalizePhone(phone)).toBeNull();
    expect(isPhoneNumber(phone)).toBe(false);
  });

  it("shows a number as '+234 803 123 4567'; one stored before the rule as it is", () => {
    expect(formatPhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(formatPhone('01 234 5678')).toBe('01 234 5678');
  });
});
