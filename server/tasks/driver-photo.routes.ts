/**
 * Photo proof at pickup (issue 64, docs/driver.md 'Photo proof'): `POST /driver/tasks/photo
 * {taskId, image}` stores the photo the driver's app took and shrank, one per task, before the
 * completion (which the lifecycle refuses without it when the service requires one).
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { PHOTO_MAX_BYTES } from '../../src/shared/driver-rules';
import { PHOTO_TOO_LARGE, taskPhotoSchema } from '../../src/shared/schemas/driver';
import type { AppEnv } from '../context';
import { countDriverPhotosSince, insertTaskPhoto, lockPhotoTask, selectTaskPhotoDigest } from '../db/task-photos';
import { HttpError, badRequest, conflict, notFound } from '../http/errors';
import { requireRole } from '../http/roles';
import { jsonBody } from '../http/validator';

export const PHOTO_TYPE_ERROR = 'The photo must be a JPEG or WebP image';
export const PHOTO_TAKEN = 'This task has its photo already';
export const PHOTO_NOT_WANTED = 'This service takes no photo at pickup';
export const PHOTO_TASK_CLOSED = 'This task is no longer open';
export const PHOTO_QUOTA = "Today's photo limit is reached: ask the operator";

const DATA_URL = /^data:image\/[a-z]{1,10};base64,([A-Za-z0-9+/]+={0,2})$/;
const OPEN = new Set(['driver-assigned', 'on-going']);

/** The type by the first bytes, whatever the label says: JPEG and WebP only. */
export function photoType(bytes: Buffer): 'image/jpeg' | 'image/webp' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export const driverPhotoRoutes = new Hono<AppEnv>();

driverPhotoRoutes.post('/driver/tasks/photo', requireRole('driver'), jsonBody(taskPhotoSchema), async (c) => {
  const { db, config, now } = c.var.deps;
  const driverId = c.var.driver.id;
  const body = c.req.valid('json');
  const match = DATA_URL.exec(body.image);
  if (!match) throw badRequest(PHOTO_TYPE_ERROR);
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > PHOTO_MAX_BYTES) throw badRequest(PHOTO_TOO_LARGE);
  const contentType = photoType(bytes);
  if (!contentType) throw badRequest(PHOTO_TYPE_ERROR);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const stored = await db.transaction(async (tx) => {
    const task = await lockPhotoTask(tx, body.taskId);
    if (!task || task.driver_id !== driverId) throw notFound('Task not found');
    const held = await selectTaskPhotoDigest(tx, body.taskId);
    // The same photo again (a resend after a lost answer, even once completed): as the first time.
    if (held === sha256) return false;
    if (held) throw conflict(PHOTO_TAKEN);
    if (!OPEN.has(task.status)) throw conflict(PHOTO_TASK_CLOSED);
    if (task.pickup_photo === 'off') throw conflict(PHOTO_NOT_WANTED);
    const at = now();
    const dayAgo = new Date(at.getTime() - 24 * 60 * 60 * 1000);
    if ((await countDriverPhotosSince(tx, driverId, dayAgo)) >= config.driverPhotosPerDay)
      throw new HttpError(429, PHOTO_QUOTA);
    return insertTaskPhoto(tx, { taskId: body.taskId, driverId, contentType, bytes, sha256 }, at);
  });
  return c.json({ data: { taskId: body.taskId, stored } }, stored ? 201 : 200);
});
