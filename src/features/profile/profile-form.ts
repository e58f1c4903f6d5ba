import type { ProfileUpdateRequest, User } from '../../shared/contract';
import { validateProfile } from '../../shared/validation/profile';

/** The edit form's fields (the body of PUT /api/user/profile). */
export interface ProfileForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  bio: string;
  /** Asked only when the e-mail changes (the server checks it). */
  currentPassword: string;
}

export type FormErrors = Partial<Record<keyof ProfileForm | 'avatar', string>>;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email';

/** Whether the form changes the account's e-mail (compared as the server stores it). */
/** A stored e-mail replaced (an account made by phone adding its first one has no password to ask). */
export const changesEmail = (form: ProfileForm, savedEmail: string) =>
  savedEmail !== '' && form.email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();

export function formFromUser(user: User): ProfileForm {
  return {
    firstName: user.firstname,
    lastName: user.lastname,
    email: user.email,
    phone: user.phonenumber ?? '',
    bio: user.bio ?? '',
    currentPassword: '',
  };
}

/** The edit rules of docs/product.md, Profile (validateProfile, used as is). */
export function formErrors(form: ProfileForm, savedEmail: string): FormErrors {
  const errors: FormErrors = validateProfile({ ...form, emailOptional: savedEmail === '' });
  if (changesEmail(form, savedEmail) && form.currentPassword === '') errors.currentPassword = CURRENT_PASSWORD_REQUIRED;
  return errors;
}

/** The update payload; the avatar is sent only when a new one was picked (absent keeps it). */
export function updateRequest(form: ProfileForm, newAvatar: string | null, savedEmail: string): ProfileUpdateRequest {
  const request: ProfileUpdateRequest = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    bio: form.bio.trim(),
  };
  if (newAvatar !== null) request.avatar = newAvatar;
  if (changesEmail(form, savedEmail)) request.currentPassword = form.currentPassword;
  return request;
}

const FIELDS = new Set(['firstName', 'lastName', 'email', 'currentPassword', 'phone', 'bio', 'avatar']);

/** The server's per-field `errors`, keeping only the fields the form shows. */
export function serverFieldErrors(errors: Record<string, string> | undefined): FormErrors {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors ?? {}))
    if (FIELDS.has(field) && typeof message === 'string') result[field] = message;
  return result as FormErrors;
}
