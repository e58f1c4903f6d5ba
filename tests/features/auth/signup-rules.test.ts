import { describe, expect, it } from 'vitest';
import {
  ALL_FIELDS_REQUIRED,
  EMPTY_SIGNUP_FORM,
  FIELD_REQUIRED,
  PASSWORDS_DONT_MATCH,
  PASSWORD_TOO_SHORT,
  TERMS_REQUIRED,
  normalizeSignupEmail,
  signupFieldErrors,
  signupFormError,
  type SignupForm,
} from '../../../src/features/auth/signup-rules';

const valid: SignupForm = {
  firstname: 'Ada',
  lastname: 'Obi',
  email: 'ada@example.ng',
  phonenumber: '+2348012345678',
  password: 'longenough',
  confirmPassword: 'longenough',
  acceptsTerms: true,
};

describe('sign-up rules (validation)', () => {
  it('a complete form with matching passwords of 8+ characters may be sent', () => {
    expect(signupFormError(valid)).toBeNull();
  });

  it('"all fields and the terms checkbox required"', () => {
    expect(signupFormError(EMPTY_SIGNUP_FORM)).toBe(ALL_FIELDS_REQUIRED);
    for (const field of ['firstname', 'lastname', 'email', 'phonenumber', 'password', 'confirmPassword'] as const) {
      expect(signupFormError({ ...valid, [field]: '  ' }), field).toBe(ALL_FIELDS_REQUIRED);
    }
    expect(signupFormError({ ...valid, acceptsTerms: false })).toBe(TERMS_REQUIRED);
  });

  it('"password and Confirm Password must match (toast "Passwords don\'t match!")"', () => {
    expect(PASSWORDS_DONT_MATCH).toBe("Passwords don't match!");
    expect(signupFormError({ ...valid, confirmPassword: 'longenougH' })).toBe(PASSWORDS_DONT_MATCH);
  });

  it('"password at least 8 characters (toast \'Password must be at least 8 characters long\')"', () => {
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long');
    expect(signupFormError({ ...valid, password: 'seven77', confirmPassword: 'seven77' })).toBe(PASSWORD_TOO_SHORT);
    expect(signupFormError({ ...valid, password: 'eight888', confirmPassword: 'eight888' })).toBeNull();
  });

  it('"email input is lower-cased as typed"', () => {
    expect(normalizeSignupEmail('Ada.OBI@Example.NG')).toBe('ada.obi@example.ng');
  });

  it("the phone number follows the profile's and the server's rule: 'Phone number is invalid'", () => {
    for (const phonenumber of [
      '+2348012345678',
      '+234 801 234 5678',
      '08012345678',
      '0801-234-5678',
      '(803) 123 4567',
    ]) {
      expect(signupFormError({ ...valid, phonenumber }), phonenumber).toBeNull();
    }
    for (const phonenumber of ['call me', '12345', '+44 20 7946 0958'])
      expect(signupFormError({ ...valid, phonenumber }), phonenumber).toBe('Phone number is invalid');
  });
});

describe('which field a sign-up problem is shown beside', () => {
  it('the blank fields, the terms box, the password, its confirmation', () => {
    expect(signupFieldErrors({ ...valid, lastname: ' ', phonenumber: '' }, ALL_FIELDS_REQUIRED)).toEqual({
      lastname: FIELD_REQUIRED,
      phonenumber: FIELD_REQUIRED,
    });
    expect(signupFieldErrors({ ...valid, acceptsTerms: false }, TERMS_REQUIRED)).toEqual({
      acceptsTerms: TERMS_REQUIRED,
    });
    expect(signupFieldErrors(valid, PASSWORDS_DONT_MATCH)).toEqual({ confirmPassword: PASSWORDS_DONT_MATCH });
    expect(signupFieldErrors(valid, PASSWORD_TOO_SHORT)).toEqual({ password: PASSWORD_TOO_SHORT });
  });

  it("the field a server message names ('Email already exists', 'First name must be at most 100 characters')", () => {
    expect(signupFieldErrors(valid, 'Email already exists')).toEqual({ email: 'Email already exists' });
    expect(signupFieldErrors(valid, 'First name must be at most 100 characters')).toEqual({
      firstname: 'First name must be at most 100 characters',
    });
    expect(signupFieldErrors(valid, 'Last name must be at most 100 characters')).toEqual({
      lastname: 'Last name must be at most 100 characters',
    });
    expect(signupFieldErrors(valid, 'Phone number is invalid')).toEqual({ phonenumber: 'Phone number is invalid' });
  });

  it('none for a problem of the whole form', () => {
    expect(signupFieldErrors(valid, 'Invalid data provided')).toEqual({});
    expect(signupFieldErrors(valid, 'Network error. Please check your connection.')).toEqual({});
    expect(signupFieldErrors(valid, 'Signup failed. Please try again.')).toEqual({});
  });
});
