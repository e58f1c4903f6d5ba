/**
 * GET /avatars/<id>: a user's picture at its own URL under a random id that changes with the
 * picture, so userdata and login responses carry a short path, the image may be cached long,
 * and no token is needed, which an <img> cannot send (docs/security.md, 'Avatars').
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { findAvatar } from '../db/avatars';
import { notFound } from '../http/errors';

const AVATAR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const avatarRoutes = new Hono<AppEnv>();

avatarRoutes.get('/avatars/:id', async (c) => {
  const id = c.req.param('id');
  const image = id.length === 36 && AVATAR_ID.test(id) ? await findAvatar(c.var.deps.db, id) : undefined;
  if (!image) throw notFound('Avatar not found');
  const etag = `"${id}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, max-age=31536000, immutable');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if ((c.req.header('If-None-Match') ?? '').split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304);
  return c.body(new Uint8Array(image.bytes), 200, { 'Content-Type': image.contentType });
});
