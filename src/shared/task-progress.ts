/**
 * Plain words for where a task is, after paying: the progress line (Finding your driver ->
 * Driver assigned -> On the way -> Done), what the bell says, the cancel reasons and support
 * categories offered, and where a refund is. Pure: the screens, the server and its e-mails share it.
 */
import type { CancelReason, RefundStatus, SupportCategory, Task } from './contract';
import { formatNaira, nairaToKobo } from './money';
import { windowText } from './pickup-windows';
import { normalizeTaskStatus } from './task-status';

export const PROGRESS_STEPS = ['Finding your driver', 'Driver assigned', 'On the way', 'Done'] as const;

const STEP_OF: Record<string, number> = { pending: 0, 'driver-assigned': 1, 'on-going': 2, completed: 3 };

/** The step a status is at (0-3), or null for a cancelled task or an unknown status (no line shown). */
export function progressIndex(status: string | null | undefined): number | null {
  return STEP_OF[normalizeTaskStatus(status)] ?? null;
}

/** The progress line's current label: 'Finding your driver', ..., 'Done'; 'Cancelled' for a cancelled task. */
export function progressLabel(status: string | null | undefined): string {
  const index = progressIndex(status);
  if (index !== null) return PROGRESS_STEPS[index];
  return normalizeTaskStatus(status) === 'cancelled' ? 'Cancelled' : '';
}

const PLAIN_STATUS: Record<string, string> = {
  pending: 'We are finding your driver',
  'driver-assigned': 'A driver is assigned to your task',
  'on-going': 'Your driver is on the way',
  completed: 'Your task is done',
  cancelled: 'Your task was cancelled',
};

/** What the bell and notifications say of a status, in plain words ('Your driver is on the way'). */
export function plainStatusText(status: string | null | undefined): string {
  return PLAIN_STATUS[normalizeTaskStatus(status)] ?? 'Your task was updated';
}

/** A task booked for a window is looked for a driver from this long before it starts. */
export const FIND_DRIVER_BEFORE_MS = 2 * 60 * 60 * 1000;

/** Where a task is, for its progress line: the current step (null: no line), its label and a sentence. */
export interface TaskStage {
  step: number | null;
  label: string;
  text: string;
  /** 'scheduled' and 'arrived' are states within a status (the spec's statuses stay as they are). */
  kind: 'scheduled' | 'finding' | 'assigned' | 'on-the-way' | 'arrived' | 'done' | 'cancelled' | 'other';
}

/**
 * The stage of a task at `now`: a pending task booked for a window more than 2 hours away is
 * 'Scheduled for Sat 28 Nov, 16:00-18:00' (not yet 'Finding your driver'; at once for 'as soon as
 * possible'); a task whose driver arrived (`arrivedAt`, or `isNear`: the driver's last position
 * within 100 m) reads 'Your driver has arrived', never 'On the way'.
 */
export function taskStage(
  task: Pick<Task, 'status' | 'scheduledFor' | 'arrivedAt'>,
  now: number,
  isNear = false,
): TaskStage {
  const status = normalizeTaskStatus(task.status);
  const step = progressIndex(status);
  if (status === 'pending' && task.scheduledFor) {
    const start = Date.parse(task.scheduledFor.start);
    if (Number.isFinite(start) && now < start - FIND_DRIVER_BEFORE_MS)
      return { step: 0, label: 'Scheduled', text: `Scheduled for ${windowText(task.scheduledFor)}`, kind: 'scheduled' };
  }
  if ((status === 'driver-assigned' || status === 'on-going') && (task.arrivedAt || isNear))
    return { step: 2, label: 'Arrived', text: 'Your driver has arrived', kind: 'arrived' };
  const kinds: Record<string, TaskStage['kind']> = {
    pending: 'finding',
    'driver-assigned': 'assigned',
    'on-going': 'on-the-way',
    completed: 'done',
    cancelled: 'cancelled',
  };
  return { step, label: progressLabel(status), text: plainStatusText(status), kind: kinds[status] ?? 'other' };
}

const CANCELLABLE = new Set<string>(['pending', 'driver-assigned', 'on-going']);

/** A client may cancel until the code is entered (at a fee once the driver is on the way); the server decides. */
export function canCancelTask(status: string | null | undefined): boolean {
  return CANCELLABLE.has(normalizeTaskStatus(status));
}

/** The cancel reasons offered, in order, with their labels. */
export const CANCEL_REASONS: ReadonlyArray<{ value: CancelReason; label: string }> = [
  { value: 'changed-plans', label: 'My plans changed' },
  { value: 'booked-by-mistake', label: 'I booked by mistake' },
  { value: 'wrong-address', label: 'Wrong address or time' },
  { value: 'too-slow', label: 'Waiting too long for a driver' },
  { value: 'other', label: 'Something else' },
];

/** The categories of 'Report a problem', in order, with their labels. */
export const SUPPORT_CATEGORIES: ReadonlyArray<{ value: SupportCategory; label: string }> = [
  { value: 'driver', label: 'The driver' },
  { value: 'pickup', label: 'The pickup (missed, late, incomplete)' },
  { value: 'payment', label: 'Payment' },
  { value: 'refund', label: 'Refund' },
  { value: 'app', label: 'The app' },
  { value: 'other', label: 'Something else' },
];

/** Where a refund is: 'Refund of ₦4,000.00 started - usually 3-5 working days', 'Refunded', ... */
export function refundText(refund: { status: RefundStatus; amount: number }): string {
  const amount = formatNaira(nairaToKobo(refund.amount));
  if (refund.status === 'refunded') return `Refunded ${amount}`;
  if (refund.status === 'failed') return `The refund of ${amount} needs attention: our team is on it`;
  return `Refund of ${amount} started - usually 3-5 working days`;
}

/** Nigerian VAT, included in every price: 7.5% in basis points (src/shared/money.ts, vatInsideKobo). */
export const VAT_BASIS_POINTS = 750;

/** A cancelled task whose payment went back through the bank (refund or dispute): no refund of ours is due. */
export const PAYMENT_REVERSED_NO_REFUND =
  'No refund is due: this payment was already refunded or disputed with your bank or card issuer.';
