/**
 * Request schemas of the account calls: sign-up, login, userdata, log out everywhere, and
 * password recovery. The messages are the ones each screen shows (docs/product.md, Accounts).
 */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { isEmailAddress } from '../validation/email';
import { INVALID_PHONE, isPhoneNumber } from '../validation/phone';
import { hasBrokenCharacter, hasControlCharacter } from '../validation/text';
import { NOT_AN_OBJECT, text } from './fields';

export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const INVALID_DATA = 'Invalid data provided';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const SHORT_SIGNUP_PASSWORD = 'Password must be at least 8 characters long';
export const INVALID_LOGIN = 'Invalid email or password';
export const LOGIN_FIELDS_REQUIRED = 'Email and password are required';
export const INVALID_CODE = 'Invalid verification code';
export const SHORT_NEW_PASSWORD = 'Password must be at least 6 characters long';
export const LONG_PASSWORD = `Password must be at most ${MAX_LENGTH.password} characters long`;

/**
 * A password is never stored or shown, only hashed: any characters are fine (an account
 * whose password holds a tab must still be able to log in); only the length is limited.
 */
const password = (field: string, messages: { required: string; tooLong: string }) =>
  z
    .string({ error: (issue) => (issue.input == null ? messages.required : `${field} must be a string`) })
    .max(MAX_LENGTH.password, { error: messages.tooLong, abort: true });

/** A sign-up field: missing, null or blank is 'All fields are required'. */
const signupText = (field: string, label: string, max: number, name = false) =>
  text(field, { max, label, name, required: ALL_FIELDS_REQUIRED })
    .trim()
    .min(1, { error: ALL_FIELDS_REQUIRED, abort: true });

/** An e-mail address, trimmed and lower-cased; `invalid` also covers too long. */
const emailAddress = (invalid: string, required = invalid) =>
  text('email', { max: MAX_LENGTH.email, label: 'Email', required, tooLong: invalid })
    .trim()
    .toLowerCase()
    .refine(isEmailAddress, { error: invalid });

export const signupSchema = z.object(
  {
    firstname: signupText('firstname', 'First name', MAX_LENGTH.name, true),
    lastname: signupText('lastname', 'Last name', MAX_LENGTH.name, true),
    email: text('email', {
      max: MAX_LENGTH.email,
      label: 'Email',
      required: ALL_FIELDS_REQUIRED,
      tooLong: INVALID_EMAIL,
    })
      .trim()
      .min(1, { error: ALL_FIELDS_REQUIRED, abort: true })
      .toLowerCase()
      .refine(isEmailAddress, { error: INVALID_EMAIL }),
    phonenumber: signupText('phonenumber', 'Phone number', MAX_LENGTH.phone).refine(isPhoneNumber, {
      error: INVALID_PHONE,
    }),
    password: password('password', { required: ALL_FIELDS_REQUIRED, tooLong: LONG_PASSWORD })
      .refine((value) => value.trim() !== '', { error: ALL_FIELDS_REQUIRED, abort: true })
      .min(8, { error: SHORT_SIGNUP_PASSWORD }),
    // From `signup?ref=CODE`: an unknown or odd code links nobody and never blocks the sign-up.
    ref: z
      .string({ error: 'ref must be a string' })
      .nullish()
      .transform((value) =>
        value && value.length <= MAX_LENGTH.referralCode && !hasControlCharacter(value) && !hasBrokenCharacter(value)
          ? value.trim().toUpperCase() || null
          : null,
      ),
  },
  { error: INVALID_DATA },
);

export const loginSchema = z.object(
  {
    email: text('email', {
      max: MAX_LENGTH.email,
      label: 'Email',
      required: LOGIN_FIELDS_REQUIRED,
      tooLong: INVALID_LOGIN,
    })
      .trim()
      .toLowerCase()
      .min(1, { error: LOGIN_FIELDS_REQUIRED }),
    password: password('password', { required: LOGIN_FIELDS_REQUIRED, tooLong: INVALID_LOGIN }).min(1, {
      error: LOGIN_FIELDS_REQUIRED,
    }),
  },
  { error: LOGIN_FIELDS_REQUIRED },
);

/** The token may come in the body (as the spec's client sends it) or as a bearer header. */
export const userDataSchema = z.object(
  { token: text('token', { max: MAX_LENGTH.token }).nullish() },
  { error: NOT_AN_OBJECT },
);

/** Log out everywhere: nothing to send but the bearer token. */
export const logoutAllSchema = z.object({}, { error: NOT_AN_OBJECT });

export const forgotSchema = z.object({ email: emailAddress(INVALID_EMAIL) }, { error: INVALID_EMAIL });

export const resetCodeSchema = z.object(
  {
    email: emailAddress(INVALID_EMAIL),
    code: text('code', { max: 16, label: 'Code', required: INVALID_CODE, tooLong: INVALID_CODE })
      .trim()
      .regex(/^[0-9]{4}$/, { error: INVALID_CODE }),
  },
  { error: INVALID_CODE },
);

export const resetPasswordSchema = z.object(
  {
    email: emailAddress(INVALID_EMAIL),
    newPassword: password('newPassword', { required: SHORT_NEW_PASSWORD, tooLong: LONG_PASSWORD }).min(6, {
      error: SHORT_NEW_PASSWORD,
    }),
  },
  { error: SHORT_NEW_PASSWORD },
);
