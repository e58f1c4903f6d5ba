/**
 * What the client is told when a task changes, one wording for the Home's announcement (toast
 * and live region) and the bell's list: 'Your Household Waste Pickup task: driver assigned'.
 * The status part is the status label (task-status.ts), so a label changes everywhere at once.
 * Pure: no DOM.
 */
import type { Task, TaskEvent } from './contract';
import { formatKoboAmount, nairaToKobo } from './money';
import { windowText } from './pickup-windows';
import { lagosDate, notCoveredText } from './schedules';
import { taskServiceName } from './service-names';
import { normalizeTaskStatus, taskStatusLabel } from './task-status';
import { plainStatusText, refundText } from './task-progress';

/** Statuses that can still change: the Home keeps such tasks current. */
const OPEN_STATUSES = new Set(['pending', 'driver-assigned', 'on-going']);

export function isOpenTaskStatus(status: string | null | undefined): boolean {
  return OPEN_STATUSES.has(normalizeTaskStatus(status));
}

/** 'Your Household Waste Pickup task: driver assigned' (the service's display name, service-names.ts). */
export function statusChangeMessage(serviceName: string, status: string | null | undefined): string {
  const name = serviceName.trim();
  return `Your ${name ? `${name} ` : ''}task: ${taskStatusLabel(status)}`;
}

/** What the bell says of an event: 'Household Waste Pickup: Your driver is on the way' (with a planned task's window), a refund, a reply. */
export function describeTaskEvent(
  event: Pick<TaskEvent, 'kind' | 'serviceName' | 'type' | 'status' | 'amount' | 'refundStatus' | 'message'> &
    Partial<Pick<TaskEvent, 'scheduledFor'>>,
): string {
  if (event.kind === 'refund') {
    const where = refundText({ status: event.refundStatus ?? 'pending', amount: event.amount ?? 0 });
    return `Your ${taskServiceName(event)} task: ${where}`;
  }
  if (event.kind === 'support-reply') return `GreenPick support replied: ${event.message ?? ''}`.trim();
  // Written by the server whole: 'Your Bronze plan ends on Fri 5 Dec'.
  if (event.kind === 'plan-renewal') return event.message ?? 'Your plan ends soon';
  // Written by the server whole: 'Your driver weighed 5 kg (you booked 3 kg): pay ₦3,000.00 more, ...'.
  if (event.kind === 'extra') return event.message ?? 'Your driver weighed more than you booked';
  if (event.kind === 'schedule-not-covered')
    return event.scheduledFor && event.amount !== null
      ? notCoveredText(lagosDate(Date.parse(event.scheduledFor.start)), nairaToKobo(event.amount))
      : 'A recurring pickup is not covered this month';
  if (event.kind === 'referral-reward') {
    const earned =
      event.amount === null || !Number.isFinite(event.amount)
        ? 'points'
        : `${formatKoboAmount(nairaToKobo(event.amount))} points`;
    return `You earned ${earned}: a friend you referred completed their first task`;
  }
  // The bell speaks plainly ('Your driver is on the way'); the status badges keep the spec's labels.
  // A planned task names its window: 'Household Waste Pickup (Fri 28 Nov, 10:00-12:00): Driver assigned'.
  const name = taskServiceName(event).trim();
  const window = event.scheduledFor ? ` (${windowText(event.scheduledFor)})` : '';
  return `${name ? `${name}${window}: ` : ''}${plainStatusText(event.status)}`;
}

export interface StatusChange {
  task: Task;
  /** The status before, normalized. */
  from: string;
  /** The status now, normalized. */
  to: string;
}

/**
 * The tasks whose status differs between an earlier and a later read (by id; `assigned` and
 * `driver-assigned` are the same status), in the later read's order. A task that is new in the
 * later read is not a change: the client booked it.
 */
export function statusChanges(before: readonly Task[], after: readonly Task[]): StatusChange[] {
  const earlier = new Map(before.map((task) => [task._id, normalizeTaskStatus(task.status)]));
  const changes: StatusChange[] = [];
  for (const task of after) {
    const from = earlier.get(task._id);
    const to = normalizeTaskStatus(task.status);
    if (from !== undefined && from !== to) changes.push({ task, from, to });
  }
  return changes;
}
