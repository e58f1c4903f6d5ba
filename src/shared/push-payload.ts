/**
 * What a push carries (JSON, encrypted by the server for one device) and how the service
 * worker reads it: one notification per task (`tag`), a newer one replacing the older, and
 * the page a tap opens. Pushes about the client rather than a task (the plan's renewal, a
 * recurring pickup's date not covered) have no task: their tag is 'plan' or 'schedule-<id>'
 * and they open Home. Pure: the server writes it, the worker (sw/push.ts) reads it.
 */

/** Kinds about one task. */
const TASK_PUSH_KINDS = [
  'driver-assigned',
  'on-the-way',
  'arriving',
  'completed',
  'cancelled',
  'refund',
  'chat',
  'support-reply',
  'reminder',
  'extra',
  'drivers-busy',
] as const;
/** Kinds about the client, with no task: they open Home. */
const USER_PUSH_KINDS = ['plan-renewal', 'schedule-not-covered'] as const;
export type UserPushKind = (typeof USER_PUSH_KINDS)[number];
export type PushKind = (typeof TASK_PUSH_KINDS)[number] | UserPushKind;

export interface PushPayload {
  kind: PushKind;
  /** null for the kinds about the client (USER_PUSH_KINDS). */
  taskId: string | null;
  title: string;
  body: string;
  /** One per task: 'task-<id>'; 'plan'; one per recurring pickup: 'schedule-<id>'. */
  tag: string;
  /** The page a tap opens: '/client/tasks/<id>', or Home. */
  url: string;
}

/** What the worker tells the open pages of a push (sw-messages PUSH_RECEIVED): what it is about. */
export type PushNotice = Pick<PushPayload, 'kind' | 'taskId'>;

export const HOME_URL = '/client/home';
export const taskPageUrl = (taskId: string) => `/client/tasks/${encodeURIComponent(taskId)}`;
export const taskTag = (taskId: string) => `task-${taskId}`;
export const PLAN_TAG = 'plan';
export const scheduleTag = (scheduleId: string) => `schedule-${scheduleId}`;
const SCHEDULE_TAG = /^schedule-[A-Za-z0-9-]{1,100}$/;

const MAX_TEXT = 300;

const isUserKind = (kind: string): kind is UserPushKind => (USER_PUSH_KINDS as readonly string[]).includes(kind);

/** A payload from anything a push service delivered, or null when it is not one of ours. */
export function readPushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, taskId, title, body, tag } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || typeof title !== 'string' || typeof body !== 'string') return null;
  const text = { title: title.slice(0, MAX_TEXT), body: body.slice(0, MAX_TEXT) };
  if (isUserKind(kind)) {
    // No task: Home opens whatever the payload says; the tag is 'plan' or 'schedule-<id>', nothing else.
    const scheduleOwn = typeof tag === 'string' && SCHEDULE_TAG.test(tag) ? tag : 'schedule';
    const ownTag = kind === 'plan-renewal' ? PLAN_TAG : scheduleOwn;
    return { kind, taskId: null, ...text, tag: ownTag, url: HOME_URL };
  }
  if (!(TASK_PUSH_KINDS as readonly string[]).includes(kind)) return null;
  if (typeof taskId !== 'string' || taskId.length === 0 || taskId.length > 100) return null;
  // The tag and the page come from the task id, never from the payload: a tap opens only our task pages.
  return { kind: kind as PushKind, taskId, ...text, tag: taskTag(taskId), url: taskPageUrl(taskId) };
}
