/**
 * Profile edit (PUT /api/user/profile): the signed-in client changes only their own row.
 * The field rules are the edit form's own (src/shared/validation/profile.ts); failures answer
 * 400 with a message per field in `errors`, which the form shows beside each field.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { validateAvatarSize, validateProfile, type ProfileErrors } from '../../src/shared/validation/profile';
import type { AppEnv } from '../context';
import { isUniqueViolation, updateProfile, type ProfileChanges } from '../db/accounts';
import { toUser } from '../db/users';
import { authenticate } from '../http/auth';
import { badRequest, conflict, notFound } from '../http/errors';
import { readJson } from '../http/validate';

const BIO_MAX = 500;
const NAME_MAX = 100;
const AVATAR_TYPE_ERROR = 'Avatar must be a PNG, JPEG, GIF or WebP image';
const EMAIL_IN_USE = 'Email is already in use';

// Wrong types are refused by readJson (400); missing names and e-mail become '' so the
// form gets its per-field "required" messages.
const profileSchema = z.object({
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  email: z.string().default(''),
  phone: z.string().nullish(),
  bio: z.string().nullish(),
  avatar: z.string().nullish(),
});

const DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes really are one of the four formats (their signatures), not just labelled so. */
function looksLikeImage(bytes: Buffer): boolean {
  const starts = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  const ascii = (text: string, at = 0) => bytes.toString('latin1', at, at + text.length) === text;
  return (
    starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    starts([0xff, 0xd8, 0xff]) ||
    ascii('GIF87a') ||
    ascii('GIF89a') ||
    (ascii('RIFF') && ascii('WEBP', 8))
  );
}

/** undefined keeps the current avatar, '' removes it; otherwise a checked data URL or an error. */
export function checkAvatar(value: string | null | undefined): { avatar?: string; error?: string } {
  if (value === undefined) return {};
  if (value === null || value.trim() === '') return { avatar: '' };
  const match = DATA_URL.exec(value.trim());
  if (!match) return { error: AVATAR_TYPE_ERROR };
  const bytes = Buffer.from(match[2], 'base64');
  const sizeError = validateAvatarSize(bytes.length);
  if (sizeError) return { error: sizeError };
  if (!looksLikeImage(bytes)) return { error: AVATAR_TYPE_ERROR };
  return { avatar: value.trim() };
}

/** The edit form's rules, plus the limits the form does not state (lengths, a strict e-mail). */
function profileErrors(body: z.infer<typeof profileSchema>, avatarError: string | undefined): ProfileErrors & { bio?: string } {
  const errors: ProfileErrors & { bio?: string } = validateProfile({
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone ?? undefined,
  });
  if (!errors.firstName && body.firstName.trim().length > NAME_MAX) errors.firstName = `First name must be at most ${NAME_MAX} characters`;
  if (!errors.lastName && body.lastName.trim().length > NAME_MAX) errors.lastName = `Last name must be at most ${NAME_MAX} characters`;
  // Stored addresses must also pass sign-up's and recovery's stricter check, or recovery would refuse them.
  if (!errors.email && !z.email().max(254).safeParse(body.email.trim().toLowerCase()).success) errors.email = 'Email is invalid';
  if ((body.bio ?? '').trim().length > BIO_MAX) errors.bio = `Bio must be at most ${BIO_MAX} characters`;
  if (avatarError) errors.avatar = avatarError;
  return errors;
}

export const profileRoutes = new Hono<AppEnv>();

profileRoutes.put('/api/user/profile', async (c) => {
  const { db } = c.var.deps;
  const userId = await authenticate(c);
  const body = await readJson(c, profileSchema);
  const avatar = checkAvatar(body.avatar);
  const errors = profileErrors(body, avatar.error);
  if (Object.keys(errors).length > 0) throw badRequest('Please correct the highlighted fields', { errors });

  const changes: ProfileChanges = {
    firstname: body.firstName.trim(),
    lastname: body.lastName.trim(),
    email: body.email.trim().toLowerCase(),
    // Absent keeps the stored value; null or '' clears it.
    phonenumber: body.phone === undefined ? undefined : (body.phone ?? '').trim(),
    bio: body.bio === undefined ? undefined : (body.bio ?? '').trim(),
    avatar: avatar.avatar,
  };
  // The unique index decides whether the address is free, so two accounts racing for it cannot both win.
  try {
    const row = await updateProfile(db, userId, changes);
    if (!row) throw notFound('User not found');
    return c.json({ data: toUser(row) });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw conflict(EMAIL_IN_USE, { errors: { email: EMAIL_IN_USE } });
    throw error;
  }
});
