/**
 * Profile edit rules (docs/product.md, Profile), used by the edit form and by the server.
 * Returns one message per invalid field; an empty object means valid. Every rule checks the
 * length before any pattern (src/shared/limits.ts), and the patterns are linear.
 */
import { MAX_LENGTH } from '../limits';
import { isEmailAddress } from './email';
import { INVALID_PHONE, isPhoneNumber } from './phone';
import { textProblem, textProblemMessage } from './text';

export interface ProfileFields {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  bio?: string;
  /**
   * The account has no e-mail (made by phone, issue 66): an empty one stays allowed. The server
   * allows it with a phone and refuses clearing a stored e-mail itself (it knows the account).
   */
  emailOptional?: boolean;
}

export type ProfileErrors = Partial<Record<keyof ProfileFields | 'avatar', string>>;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Kept for the edit form's callers: the shared e-mail rule on the trimmed value. */
export function isValidEmail(email: string): boolean {
  return isEmailAddress(email.trim());
}

/** Kept for the edit form's callers: the shared phone rule. */
export function isValidPhone(phone: string): boolean {
  return isPhoneNumber(phone);
}

/** The message for a text that is too long or holds characters that cannot be stored, or undefined. */
function textError(
  label: string,
  value: string,
  max: number,
  kind: { multiline?: boolean; name?: boolean } = {},
): string | undefined {
  if (value.length > max) return `${label} must be at most ${max} characters`;
  const problem = textProblem(value, kind);
  return problem ? textProblemMessage(label, problem) : undefined;
}

export function validateProfile(fields: ProfileFields): ProfileErrors {
  const errors: ProfileErrors = {};
  const firstName = textError('First name', fields.firstName, MAX_LENGTH.name, { name: true });
  if (firstName) errors.firstName = firstName;
  else if (!fields.firstName.trim()) errors.firstName = 'First name is required';
  const lastName = textError('Last name', fields.lastName, MAX_LENGTH.name, { name: true });
  if (lastName) errors.lastName = lastName;
  else if (!fields.lastName.trim()) errors.lastName = 'Last name is required';
  if (fields.email.length > MAX_LENGTH.email) errors.email = 'Email is invalid';
  else if (!fields.email.trim()) {
    if (!fields.emailOptional) errors.email = 'Email is required';
  } else if (!isValidEmail(fields.email)) errors.email = 'Email is invalid';
  if (fields.phone?.trim() && !isValidPhone(fields.phone)) errors.phone = INVALID_PHONE;
  const bio = fields.bio === undefined ? undefined : textError('Bio', fields.bio, MAX_LENGTH.bio, { multiline: true });
  if (bio) errors.bio = bio;
  return errors;
}

export function validateAvatarSize(bytes: number): string | undefined {
  return bytes >= AVATAR_MAX_BYTES ? 'Image must be less than 2MB' : undefined;
}
