/**
 * Avatar images (table `avatars`, migration 003): the bytes and their type, one row per
 * user, under a random id that changes with every new picture. `users.avatar_id` points at
 * the current one, so a user's row (and its API shape) carries only the id.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './connection';

export interface AvatarImage {
  contentType: string;
  bytes: Buffer;
}

/** Stores a new picture for the user under a fresh id; answers the id. */
export async function replaceAvatar(tx: Queryable, userId: string, image: AvatarImage): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `insert into avatars (id, user_id, content_type, bytes) values ($1, $2, $3, $4)
     on conflict (user_id) do update set id = excluded.id, content_type = excluded.content_type, bytes = excluded.bytes, created_at = now()`,
    [id, userId, image.contentType, image.bytes],
  );
  await tx.query('update users set avatar_id = $2 where id = $1', [userId, id]);
  return id;
}

let reclaiming: Promise<void> | undefined;

/**
 * Gives the space of replaced pictures back at once (the old row version holds the old bytes
 * until a vacuum, and PGlite has no autovacuum). At most one runs at a time; never awaited by
 * the request, errors ignored: the next replacement tries again.
 */
export function reclaimAvatarSpace(db: Queryable): Promise<void> {
  reclaiming ??= db
    .query('vacuum avatars')
    .then(
      () => {},
      () => {},
    )
    .finally(() => {
      reclaiming = undefined;
    });
  return reclaiming;
}

export async function removeAvatar(tx: Queryable, userId: string): Promise<void> {
  await tx.query('delete from avatars where user_id = $1', [userId]);
  await tx.query('update users set avatar_id = null where id = $1', [userId]);
}

export async function findAvatar(db: Queryable, id: string): Promise<AvatarImage | undefined> {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>(
    'select content_type, bytes from avatars where id = $1',
    [id],
  );
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : undefined;
}
