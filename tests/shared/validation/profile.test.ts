import { describe, expect, it } from 'vitest';
import { isValidPhone, validateAvatarSize, validateProfile } from '../../../src/shared/validation/profile';
import { hasBrokenCharacter } from '../../../src/shared/validation/text';

const valid = { firstName: 'Ada', lastName: 'Okafor', email: 'ada@example.ng', phone: '' };

describe('profile edit rules (validation)', () => {
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
    expect(validateProfile({ ...valid, email: `${'a'.repeat(250)}@example.ng` }).email).toBe('Email is invalid');
  });

  it.each(['08031234567', '803-123-4567', '(803) 123 4567', '8031234567', '+234 803 1234567', '+2348012345678'])(
    'accepts the phone %s',
    (phone) => {
      expect(isValidPhone(phone)).toBe(true);
    },
  );

  it.each([
    '12345',
    '803-123-45',
    'phone',
    '803 123 4567890',
    '+1 803 123 4567 890',
    '0803 123 456',
    '+234 803 123456',
  ])("'Phone number is invalid' for %s", (phone) => {
    expect(validateProfile({ ...valid, phone }).phone).toBe('Phone number is invalid');
  });

  it('the phone is optional', () => {
    expect(validateProfile({ ...valid, phone: undefined })).toEqual({});
  });

  it('names and the bio have the server limits (100 and 500 characters), counted before anything else', () => {
    expect(
      validateProfile({ ...valid, firstName: 'A'.repeat(100), lastName: 'O'.repeat(100), bio: 'b'.repeat(500) }),
    ).toEqual({});
    expect(
      validateProfile({ ...valid, firstName: 'A'.repeat(101), lastName: ' '.repeat(101), bio: 'b'.repeat(501) }),
    ).toEqual({
      firstName: 'First name must be at most 100 characters',
      lastName: 'Last name must be at most 100 characters',
      bio: 'Bio must be at most 500 characters',
    });
  });

  it('control characters are refused; the bio keeps its line breaks', () => {
    expect(
      validateProfile({
        ...valid,
        firstName: 'Ada\u0000',
        lastName: 'Oka\u0085for',
        bio: 'I recycle.\nEvery week.\tYes.',
      }),
    ).toEqual({
      firstName: 'First name must not contain control characters',
      lastName: 'Last name must not contain control characters',
    });
    expect(validateProfile({ ...valid, bio: 'bell\u0007' }).bio).toBe('Bio must not contain control characters');
    expect(validateProfile({ ...valid, bio: 'half \uD83D pair' }).bio).toBe('Bio must be valid text');
  });

  it("'Image must be less than 2MB'", () => {
    expect(validateAvatarSize(2 * 1024 * 1024)).toBe('Image must be less than 2MB');
    expect(validateAvatarSize(2 * 1024 * 1024 - 1)).toBeUndefined();
  });

  it('broken UTF-16 is found with or without String.prototype.isWellFormed', () => {
    const samples: Array<[string, boolean]> = [
      ['emoji \uD83D\uDE00 ok', false],
      ['high \uD83D alone', true],
      ['low \uDE00 alone', true],
      ['ends high \uD83D', true],
      ['', false],
    ];
    for (const [text, broken] of samples) expect(hasBrokenCharacter(text), text).toBe(broken);
    const native = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    try {
      delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
      for (const [text, broken] of samples) expect(hasBrokenCharacter(text), text).toBe(broken);
    } finally {
      if (native) Object.defineProperty(String.prototype, 'isWellFormed', native);
    }
  });
});
