import { describe, expect, it } from 'vitest';
import { isValidPhone, validateAvatarSize, validateProfile } from '../../../src/shared/validation/profile';

const valid = { firstName: 'Ada', lastName: 'Okafor', email: 'ada@example.ng', phone: '' };

describe('profile edit rules (SPEC section 5)', () => {
  it('a complete profile has no errors', () => {
    expect(validateProfile(valid)).toEqual({});
  });

  it("'First name is required', 'Last name is required', 'Email is required'", () => {
    expect(validateProfile({ firstName: ' ', lastName: '', email: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
  });

  it("'Email is invalid' for an address not of the form name@host.tld", () => {
    expect(validateProfile({ ...valid, email: 'ada@example' }).email).toBe('Email is invalid');
    expect(validateProfile({ ...valid, email: 'ada example.ng' }).email).toBe('Email is invalid');
  });

  it.each(['+234 803 123456', '08031234567', '803-123-4567', '(803) 123 4567', '803.123.456789', '8031234567'])('accepts the phone %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each(['+234 803 1234567', '12345', '803-123-45', 'phone', '803 123 4567890'])("'Phone number is invalid' for %s", (phone) => {
    expect(validateProfile({ ...valid, phone }).phone).toBe('Phone number is invalid');
  });

  it('the phone is optional', () => {
    expect(validateProfile({ ...valid, phone: undefined })).toEqual({});
  });

  it("'Image must be less than 2MB'", () => {
    expect(validateAvatarSize(2 * 1024 * 1024)).toBe('Image must be less than 2MB');
    expect(validateAvatarSize(2 * 1024 * 1024 - 1)).toBeUndefined();
  });
});
