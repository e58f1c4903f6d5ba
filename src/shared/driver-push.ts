/**
 * What a push to a driver's phone carries (docs/notifications.md, 'The driver's phone') and how
 * the driver's worker (sw/driver/sw.ts) reads it: one notification per event and task (`tag`),
 * and the driver's page a tap opens. Pure: the server writes it, the worker reads it.
 */

export const DRIVER_PUSH_KINDS = ['offer', 'assigned', 'withdrawn', 'cancelled', 'chat'] as const;
export type DriverPushKind = (typeof DRIVER_PUSH_KINDS)[number];

export interface DriverPushPayload {
  kind: DriverPushKind;
  taskId: string;
  title: string;
  body: string;
  /** One per event and task: 'offer-<id>', 'assigned-<id>', 'withdrawn-<id>', 'cancelled-<id>', 'chat-<id>'. */
  tag: string;
  /** The driver's page a tap opens. */
  url: string;
  /** An offer's end (ISO 8601), so the worker can leave out one that ran out. */
  expiresAt?: string;
}

export const driverPushTag = (kind: DriverPushKind, taskId: string) => `${kind}-${taskId}`;

/** An offer opens the offer; a cancel or a task taken off the driver, today's tasks; an assignment, the task; a message, its chat. */
export function driverPushUrl(kind: DriverPushKind, taskId: string): string {
  const id = encodeURIComponent(taskId);
  if (kind === 'offer') return `/driver/offer?task=${id}`;
  if (kind === 'cancelled' || kind === 'withdrawn') return '/driver/';
  if (kind === 'chat') return `/driver/tasks/${id}/chat`;
  return `/driver/tasks/${id}`;
}

const MAX_TEXT = 300;

/** A payload from anything a push service delivered, or null when it is not one of ours. */
export function readDriverPushPayload(value: unknown): DriverPushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, taskId, title, body, expiresAt } = value as Record<string, unknown>;
  if (typeof kind !== 'string' || !(DRIVER_PUSH_KINDS as readonly string[]).includes(kind)) return null;
  if (typeof title !== 'string' || typeof body !== 'string') return null;
  if (typeof taskId !== 'string' || taskId.length === 0 || taskId.length > 100) return null;
  const driverKind = kind as DriverPushKind;
  // The tag and the page come from the kind and task id, never from the payload.
  return {
    kind: driverKind,
    taskId,
    title: title.slice(0, MAX_TEXT),
    body: body.slice(0, MAX_TEXT),
    tag: driverPushTag(driverKind, taskId),
    url: driverPushUrl(driverKind, taskId),
    ...(typeof expiresAt === 'string' && !Number.isNaN(Date.parse(expiresAt)) ? { expiresAt } : {}),
  };
}
