/**
 * The words of a push to a driver (docs/notifications.md, 'The driver's phone'): an offer names
 * the pickup and what it earns, an operator's assignment the task (and the driver it was taken
 * off), a cancel its reason, a
 * client's message its text. Built when the row is sent, from the row and the task as it is then.
 */
import { CANCEL_REASONS } from '../../src/shared/task-progress';
import {
  type DriverPushKind,
  type DriverPushPayload,
  driverPushTag,
  driverPushUrl,
} from '../../src/shared/driver-push';
import { formatNaira } from '../../src/shared/money';

export interface DriverMessageContext {
  kind: DriverPushKind;
  taskId: string;
  data: Record<string, unknown>;
  serviceName: string;
  address: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3).trimEnd()}...` : text);

/** 'The client cancelled: My plans changed', 'The operator cancelled: client not home'. */
export function cancelReasonWords(data: Record<string, unknown>): string {
  const label = CANCEL_REASONS.find((reason) => reason.value === data.reason)?.label;
  const note = textOf(data.note).trim();
  const who = data.by === 'client' ? 'The client cancelled' : 'The operator cancelled';
  const why = [label, note].filter(Boolean).join(' - ');
  return why ? `${who}: ${why}` : who;
}

function words(context: DriverMessageContext): { title: string; body: string } {
  const { data, serviceName, address } = context;
  switch (context.kind) {
    case 'offer': {
      const earns = typeof data.earningsKobo === 'number' ? formatNaira(data.earningsKobo) : '';
      return { title: `New pickup: earn ${earns}`, body: `${serviceName} at ${address}. Tap to answer.` };
    }
    case 'assigned':
      return { title: 'A task was given to you', body: `${serviceName} at ${address}` };
    case 'withdrawn':
      return {
        title: 'A task was taken off you',
        body: `${serviceName} at ${address}. ${data.to === 'driver' ? 'The operator gave it to another driver.' : 'The operator took it back.'} Do not go.`,
      };
    case 'cancelled':
      return { title: 'Task cancelled', body: clip(`${serviceName} at ${address}. ${cancelReasonWords(data)}`, 250) };
    case 'chat':
      return { title: 'The client wrote', body: clip(textOf(data.content), 200) };
  }
}

export function driverPushPayload(context: DriverMessageContext): DriverPushPayload {
  const expiresAt = context.kind === 'offer' ? textOf(context.data.expiresAt) : '';
  return {
    kind: context.kind,
    taskId: context.taskId,
    ...words(context),
    tag: driverPushTag(context.kind, context.taskId),
    url: driverPushUrl(context.kind, context.taskId),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

/**
 * How long the push service may hold the push (seconds): an offer only until it ends (0: it
 * ended, do not send), anything else `otherwise`.
 */
export function driverPushTtl(payload: DriverPushPayload, now: number, otherwise: number): number {
  if (!payload.expiresAt) return otherwise;
  return Math.max(0, Math.floor((Date.parse(payload.expiresAt) - now) / 1000));
}
