/**
 * GET /avatars/<id>: a user's picture at its own URL under a random id that changes with the
 * picture, so userdata and login responses carry a short path, the image may be cached long,
 * and no token is needed, which an <img> cannot send (docs/security.md, 'Avatars').
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { findAvatar } from '../db/avatars';
import { notFound } from '../http/errors';
import { paramOf } from '../http/validator';

const AVATAR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An id that is not one of ours names no avatar: a 404 as for an unknown one, not a 400. */
const avatarParam = paramOf(z.object({ id: z.string().length(36).regex(AVATAR_ID).nullable().catch(null) }));

export const avatarRoutes = new Hono<AppEnv>();

avatarRoutes.get('/avatars/:id', avatarParam, async (c) => {
  const { id } = c.req.valid('param');
  const image = id === null ? undefined : await findAvatar(c.var.deps.db, id);
  if (!image) throw notFound('Avatar not found');
  const etag = `"${id}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, max-age=31536000, immutable');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if ((c.req.header('If-None-Match') ?? '').split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304);
  return c.body(new Uint8Array(image.bytes), 200, { 'Content-Type': image.contentType });
});
