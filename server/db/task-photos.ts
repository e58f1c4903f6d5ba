/**
 * Photo proof at pickup (table `task_photos`, migration 060, docs/driver.md 'Photo proof'): one
 * photo a task, from its driver, read back as a data URL for the client's receipt and the
 * console's task (a capability of those answers, so no public picture URL).
 */
import type { Queryable } from './connection';

export interface NewTaskPhoto {
  taskId: string;
  driverId: string;
  contentType: 'image/jpeg' | 'image/webp';
  bytes: Buffer;
  sha256: string;
}

/** The task's stored photo's digest, or null when it has none. */
export async function selectTaskPhotoDigest(db: Queryable, taskId: string): Promise<string | null> {
  const [row] = await db.query<{ sha256: string }>('select sha256 from task_photos where task_id = $1', [taskId]);
  return row?.sha256 ?? null;
}

/** Whether the task has its photo (completion needs it when the service requires one). */
export async function hasTaskPhoto(db: Queryable, taskId: string): Promise<boolean> {
  return (await selectTaskPhotoDigest(db, taskId)) !== null;
}

/** The driver's photos stored since `since` (the daily quota). */
export async function countDriverPhotosSince(db: Queryable, driverId: string, since: Date): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from task_photos where driver_id = $1 and created_at >= $2',
    [driverId, since],
  );
  return row.count;
}

/** Stores the photo; false when the task has one already (one a task, the first stays). */
export async function insertTaskPhoto(db: Queryable, photo: NewTaskPhoto, now: Date): Promise<boolean> {
  const rows = await db.query(
    `insert into task_photos (task_id, driver_id, content_type, bytes, sha256, created_at)
     values ($1, $2, $3, $4, $5, $6) on conflict (task_id) do nothing returning task_id`,
    [photo.taskId, photo.driverId, photo.contentType, photo.bytes, photo.sha256, now],
  );
  return rows.length > 0;
}

/** The task's photo as a data URL (what an <img> shows at once), or null. */
export async function selectTaskPhotoUrl(db: Queryable, taskId: string): Promise<string | null> {
  const [row] = await db.query<{ content_type: string; bytes: Uint8Array }>(
    'select content_type, bytes from task_photos where task_id = $1',
    [taskId],
  );
  return row ? `data:${row.content_type};base64,${Buffer.from(row.bytes).toString('base64')}` : null;
}

export interface PhotoTaskRow {
  driver_id: string | null;
  status: string;
  pickup_photo: 'off' | 'optional' | 'required';
}

/** The task the photo is for, locked until the transaction ends (a completion waits for it). */
export async function lockPhotoTask(tx: Queryable, taskId: string): Promise<PhotoTaskRow | undefined> {
  const [row] = await tx.query<PhotoTaskRow>(
    `select t.driver_id, t.status, coalesce(p.pickup_photo, 'off') as pickup_photo
       from tasks t left join pricing p on p.service_name = t.service_name
      where t.id = $1 for update of t`,
    [taskId],
  );
  return row;
}
