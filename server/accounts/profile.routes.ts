/**
 * Profile edit (PUT /api/user/profile): the signed-in client changes only their own row, by
 * the edit form's own field rules, with a message per field in `errors` for the form to show.
 * The picture is stored apart and served at its own URL (avatars.ts).
 */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { profileUpdateSchema } from '../../src/shared/schemas/profile';
import { validateAvatarSize } from '../../src/shared/validation/profile';
import type { AppDeps, AppEnv } from '../context';
import { verifyPassword } from './passwords';
import { PHONE_IN_USE } from './phone-codes';
import { findUserById } from '../db/users';
import { isUniqueViolation, updateProfile, type ProfileChanges } from '../db/accounts';
import { reclaimAvatarSpace, type AvatarImage } from '../db/avatars';
import { toUser } from '../db/users';
import { normalizePhone } from '../../src/shared/validation/phone';
import { type HttpError, badRequest, conflict, notFound, tooManyRequests } from '../http/errors';
import { requireClient } from '../http/roles';
import { jsonBody } from '../http/validator';

const TOO_MANY_AVATARS = 'Too many new pictures. Please try again in an hour.';
import { describeIssue } from '../http/validate';

const AVATAR_TYPE_ERROR = 'Avatar must be a PNG, JPEG, GIF or WebP image';
const EMAIL_IN_USE = 'Email is already in use';
const CORRECT_THE_FIELDS = 'Please correct the highlighted fields';

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

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

/** undefined keeps the current avatar, null or '' removes it; otherwise a checked image or an error. */
export function checkAvatar(value: string | null | undefined): { image?: AvatarImage | null; error?: string } {
  if (value === undefined) return {};
  if (value === null || value.trim() === '') return { image: null };
  const match = DATA_URL.exec(value.trim());
  if (!match) return { error: AVATAR_TYPE_ERROR };
  const bytes = Buffer.from(match[2], 'base64');
  const sizeError = validateAvatarSize(bytes.length);
  if (sizeError) return { error: sizeError };
  if (!looksLikeImage(bytes)) return { error: AVATAR_TYPE_ERROR };
  return { image: { contentType: match[1], bytes } };
}

/** The first message per field. */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change your email';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

async function requireCurrentPassword<E extends AppEnv>(
  c: Context<E>,
  userId: string,
  storedHash: string,
  given: string | undefined,
): Promise<void> {
  if (!given) throw badRequest(CORRECT_THE_FIELDS, { errors: { currentPassword: CURRENT_PASSWORD_REQUIRED } });
  const { limiter, limits } = c.var.deps;
  // Counted like logins, so a stolen session cannot guess the password here instead.
  if (!(await limiter.take(`password-check:user:${userId}`, limits.loginPerEmailAndAddress))) throw tooManyRequests();
  if (!(await verifyPassword(given, storedHash)))
    throw badRequest(CORRECT_THE_FIELDS, { errors: { currentPassword: CURRENT_PASSWORD_WRONG } });
}

/** The old address hears of the change, so an owner whose session was taken can act. Never fails the request. */
async function tellOldAddress(deps: AppDeps, oldEmail: string, newEmail: string): Promise<void> {
  try {
    await deps.mailer.send({
      to: oldEmail,
      subject: 'Your GreenPick email was changed',
      text:
        `The email of your GreenPick account was changed from ${oldEmail} to ${newEmail}.\n\n` +
        'If you did not do this, reply to this email or write to support@greenpick.ng at once.',
    });
  } catch (error) {
    deps.log
      .child({ module: 'profile' })
      .warn({ err: error, to: oldEmail }, 'could not tell the old address of its change');
  }
}

function storedPhone(phone: string): string {
  const trimmed = phone.trim();
  return trimmed === '' ? '' : (normalizePhone(trimmed) ?? trimmed);
}

export const profileRoutes = new Hono<AppEnv>();

/** A wrong type is told alone; otherwise every field's problem at once, the picture's included, for the form. */
function profileRefusal(issues: readonly z.core.$ZodIssue[], raw: unknown): HttpError {
  const wrongType = issues.find((issue) => issue.code === 'invalid_type');
  if (wrongType) return badRequest(describeIssue(wrongType));
  const errors = fieldErrors(issues);
  const avatar = (raw as { avatar?: unknown }).avatar;
  if (!errors.avatar && typeof avatar === 'string') {
    const { error } = checkAvatar(avatar);
    if (error) errors.avatar = error;
  }
  return badRequest(CORRECT_THE_FIELDS, { errors });
}

profileRoutes.put(
  '/api/user/profile',
  requireClient(),
  jsonBody(profileUpdateSchema, { invalid: profileRefusal }),
  async (c) => {
    const { db } = c.var.deps;
    const userId = c.var.client.id;
    const body = c.req.valid('json');
    const avatar = checkAvatar(body.avatar);
    if (avatar.error) throw badRequest(CORRECT_THE_FIELDS, { errors: { avatar: avatar.error } });

    const changes: ProfileChanges = {
      firstname: body.firstName.trim(),
      lastname: body.lastName.trim(),
      email: body.email.trim().toLowerCase() || null,
      // Absent keeps the stored value; null or '' clears it; a number is stored in E.164.
      phonenumber: body.phone === undefined ? undefined : storedPhone(body.phone ?? ''),
      bio: body.bio === undefined ? undefined : (body.bio ?? '').trim(),
      avatar: avatar.image,
    };
    // A new e-mail takes over the account's recovery: only its owner, who knows the password, may set it.
    const current = await findUserById(db, userId);
    if (!current) throw notFound('User not found');
    if (changes.email === null && current.email !== null)
      throw badRequest(CORRECT_THE_FIELDS, { errors: { email: 'Email is required' } });
    const emailChanges = changes.email !== current.email;
    // An account made by phone has no password: the code that signed it in proved its owner.
    if (emailChanges && current.password_hash !== null)
      await requireCurrentPassword(c, userId, current.password_hash, body.currentPassword);
    // Each new picture is megabytes the database must write and later reclaim: a few an hour is plenty.
    if (avatar.image && !(await c.var.deps.limiter.take(`avatar:${userId}`, c.var.deps.limits.avatarPerUser)))
      throw tooManyRequests(TOO_MANY_AVATARS, { errors: { avatar: TOO_MANY_AVATARS } });
    // The unique index decides whether the address is free, so two accounts racing for it cannot both win.
    try {
      const row = await updateProfile(db, userId, changes);
      if (row === 'phone-taken') throw conflict(PHONE_IN_USE, { errors: { phone: PHONE_IN_USE } });
      if (!row) throw notFound('User not found');
      if (changes.avatar !== undefined) reclaimAvatarSpace(c.var.deps.db);
      if (emailChanges && current.email && changes.email) void tellOldAddress(c.var.deps, current.email, changes.email);
      return c.json({ data: toUser(row) });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key'))
        throw conflict(EMAIL_IN_USE, { errors: { email: EMAIL_IN_USE } });
      throw error;
    }
  },
);
