/**
 * What a push carries (JSON, encrypted by the server for one device) and how the service
 * worker reads it: one notification per task (`tag`), a newer one replacing the older, and
 * the page a tap opens. Pure: the server writes it, the worker (sw/push.ts) reads it.
 */

export const PUSH_KINDS = [
  'driver-assigned',
  'on-the-way',
  'arriving',
  'completed',
  'cancelled',
  'refund',
  'chat',
  'support-reply',
  'reminder',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface PushPayload {
  kind: PushKind;
  taskId: string;
  title: string;
  body: string;
  /** One per task: 'task-<id>'. */
  tag: string;
  /** The page a tap opens: '/client/tasks/<id>'. */
  url: string;
}

export const taskPageUrl = (taskId: string) => `/client/tasks/${encodeURIComponent(taskId)}`;
export const taskTag = (taskId: string) => `task-${taskId}`;

const MAX_TEXT = 300;

/** A payload from anything a push service delivered, or null when it is not one of ours. */
export function readPushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, taskId, title, body } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || !(PUSH_KINDS as readonly string[]).includes(kind)) return null;
  if (typeof taskId !== 'string' || taskId.length === 0 || taskId.length > 100) return null;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  // The tag and the page come from the task id, never from the payload: a tap opens only our task pages.
  return {
    kind: kind as PushKind,
    taskId,
    title: title.slice(0, MAX_TEXT),
    body: body.slice(0, MAX_TEXT),
    tag: taskTag(taskId),
    url: taskPageUrl(taskId),
  };
}
