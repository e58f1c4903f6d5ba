/**
 * Profile edit rules (SPEC.md section 5), used by the edit form and by the server.
 * Returns one message per invalid field; an empty object means valid.
 */
export interface ProfileFields {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileFields | 'avatar', string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Optional plus, 3 digits, 3 digits, then 4 to 6 digits; brackets, dashes, spaces or dots between. */
const PHONE_PATTERN = /^\+?\(?[0-9]{3}\)?[-. ]?[0-9]{3}[-. ]?[0-9]{4,6}$/;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone.trim());
}

export function validateProfile(fields: ProfileFields): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!fields.firstName.trim()) errors.firstName = 'First name is required';
  if (!fields.lastName.trim()) errors.lastName = 'Last name is required';
  if (!fields.email.trim()) errors.email = 'Email is required';
  else if (!isValidEmail(fields.email)) errors.email = 'Email is invalid';
  if (fields.phone && fields.phone.trim() && !isValidPhone(fields.phone)) errors.phone = 'Phone number is invalid';
  return errors;
}

export function validateAvatarSize(bytes: number): string | undefined {
  return bytes >= AVATAR_MAX_BYTES ? 'Image must be less than 2MB' : undefined;
}
