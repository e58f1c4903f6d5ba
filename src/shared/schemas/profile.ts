/**
 * PUT /api/user/profile. Types are checked here (a wrong type is a plain 400); the field
 * rules are the edit form's own (src/shared/validation/profile.ts: lengths first, then the
 * linear e-mail and phone rules), reported per field so the form can show each beside its
 * input. The avatar is a data URL of at most 2 MB of image bytes.
 */
import { z } from 'zod';
import { AVATAR_MAX_BYTES, validateProfile } from '../validation/profile';
import { MAX_LENGTH } from '../limits';
import { NOT_AN_OBJECT } from './fields';

/** Base64 of AVATAR_MAX_BYTES, plus room for 'data:image/jpeg;base64,'. */
export const AVATAR_DATA_URL_MAX = Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 64;

const typed = (field: string) => ({
  error: (issue: { input?: unknown }) => (issue.input == null ? `${field} is required` : `${field} must be a string`),
});

export const profileUpdateSchema = z
  .object(
    {
      // Missing names and e-mail become '' so the form gets its per-field "required" messages.
      firstName: z.string(typed('firstName')).default(''),
      lastName: z.string(typed('lastName')).default(''),
      email: z.string(typed('email')).default(''),
      // Absent keeps the stored value; null or '' clears it.
      phone: z.string(typed('phone')).nullish(),
      bio: z.string(typed('bio')).nullish(),
      avatar: z
        .string(typed('avatar'))
        .max(AVATAR_DATA_URL_MAX, { error: 'Image must be less than 2MB', abort: true })
        .nullish(),
      // Required only to change the e-mail (checked by the route against the stored hash).
      currentPassword: z
        .string(typed('currentPassword'))
        .max(MAX_LENGTH.password, { error: 'Current password is incorrect', abort: true })
        .optional(),
    },
    { error: NOT_AN_OBJECT },
  )
  .superRefine((body, context) => {
    const errors = validateProfile({
      ...body,
      phone: body.phone ?? undefined,
      bio: body.bio ?? undefined,
      // Only an account made by phone may have no e-mail: it has a number; the route refuses
      // clearing a stored e-mail (it knows the account).
      emailOptional: Boolean(body.phone?.trim()),
    });
    for (const [field, message] of Object.entries(errors)) context.addIssue({ code: 'custom', path: [field], message });
  });
