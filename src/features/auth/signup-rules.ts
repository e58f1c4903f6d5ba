/** Sign-up form rules (SPEC section 5), checked before the call is made. */
import { INVALID_PHONE, isPhoneNumber } from '../../shared/validation/phone';

export const MIN_SIGNUP_PASSWORD_LENGTH = 8;
export const PASSWORDS_DONT_MATCH = "Passwords don't match!";
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const TERMS_REQUIRED = 'Please accept the Terms of Service and Privacy Policy';

export interface SignupForm {
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string;
  password: string;
  confirmPassword: string;
  acceptsTerms: boolean;
}

export const EMPTY_SIGNUP_FORM: SignupForm = {
  firstname: '',
  lastname: '',
  email: '',
  phonenumber: '',
  password: '',
  confirmPassword: '',
  acceptsTerms: false,
};

/** The e-mail field is lower-cased as it is typed. */
export function normalizeSignupEmail(typed: string): string {
  return typed.toLowerCase();
}

/** The first broken rule's message, or null when the form may be sent. */
export function signupFormError(form: SignupForm): string | null {
  const texts = [form.firstname, form.lastname, form.email, form.phonenumber, form.password, form.confirmPassword];
  if (texts.some((value) => value.trim() === '')) return ALL_FIELDS_REQUIRED;
  if (!form.acceptsTerms) return TERMS_REQUIRED;
  if (form.password !== form.confirmPassword) return PASSWORDS_DONT_MATCH;
  if (form.password.length < MIN_SIGNUP_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  // The rule the server and the profile edit use, so a number accepted here can be saved there.
  if (!isPhoneNumber(form.phonenumber)) return INVALID_PHONE;
  return null;
}
