/**
 * The task lifecycle as one table (docs/lifecycle.md): every transition, the states it may
 * start from, the state it leaves the task in, and who may make it. Pure: the lifecycle
 * (`server/tasks/lifecycle.ts`) asks `refusal()` under the task's row lock before it writes.
 */
import type { TaskStatus } from '../../src/shared/contract';

/**
 * Who asks: the client, the driver, an operator by role, the command line on the server's
 * shell (`npm run ops`), or a job of the server (dispatch, the automatic arrival, the demo
 * simulator).
 */
export type Actor = 'client' | 'driver' | 'dispatcher' | 'support' | 'admin' | 'cli' | 'job';

export const ACTORS: readonly Actor[] = ['client', 'driver', 'dispatcher', 'support', 'admin', 'cli', 'job'];

export type Transition =
  | 'accept'
  | 'assign'
  | 'unassign'
  | 'start'
  | 'arrive'
  | 'weigh'
  | 'pay-extra'
  | 'decline-extra'
  | 'complete'
  | 'cancel'
  | 'goodwill-refund';

export interface TransitionRule {
  from: readonly TaskStatus[];
  /** The status after it; `null`: the status stays (a fact is recorded, money moves). */
  to: TaskStatus | null;
  by: readonly Actor[];
  /** One line for docs/lifecycle.md. */
  says: string;
}

const OPEN: readonly TaskStatus[] = ['pending', 'driver-assigned', 'on-going'];
const WITH_DRIVER: readonly TaskStatus[] = ['driver-assigned', 'on-going'];

export const TRANSITIONS: Readonly<Record<Transition, TransitionRule>> = {
  accept: {
    from: ['pending'],
    to: 'driver-assigned',
    by: ['driver'],
    says: 'a driver takes the offer made to them',
  },
  assign: {
    from: OPEN,
    to: 'driver-assigned',
    by: ['dispatcher', 'admin', 'cli', 'job'],
    says: 'an operator, the command line or dispatch gives the task a driver; an open offer is withdrawn',
  },
  unassign: {
    from: WITH_DRIVER,
    to: 'pending',
    by: ['dispatcher', 'admin', 'cli'],
    says: 'the driver is taken off; dispatch offers the task again',
  },
  start: {
    from: ['driver-assigned'],
    to: 'on-going',
    by: ['driver', 'dispatcher', 'admin', 'cli', 'job'],
    says: 'the driver sets off (the client may cancel free for 2 minutes more)',
  },
  arrive: {
    from: WITH_DRIVER,
    to: null,
    by: ['driver', 'admin', 'cli', 'job'],
    says: "the driver is at the pin: the driver's own within ARRIVAL_RADIUS_M of their newest position",
  },
  weigh: {
    from: WITH_DRIVER,
    to: null,
    by: ['driver'],
    says: 'after arrival, what was weighed or counted; above the booking the client owes an extra',
  },
  'pay-extra': {
    from: WITH_DRIVER,
    to: null,
    by: ['client'],
    says: "the client pays the extra the driver's weight asks for",
  },
  'decline-extra': {
    from: WITH_DRIVER,
    to: null,
    by: ['client'],
    says: 'the client declines it: the driver takes what was booked',
  },
  complete: {
    from: WITH_DRIVER,
    to: 'completed',
    by: ['driver', 'admin', 'cli', 'job'],
    says: "the driver with the client's code after arrival, or an admin without it: less than booked is given back",
  },
  cancel: {
    from: OPEN,
    to: 'cancelled',
    by: ['client', 'support', 'admin', 'cli', 'job'],
    says: 'a refund of what was paid, less the cancel fee once the driver is on the way (client only)',
  },
  'goodwill-refund': {
    from: ['completed'],
    to: null,
    by: ['admin'],
    says: 'a completed task corrected with a refund of part of what was paid, with a reason',
  },
};

export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as Transition[];

/**
 * Why `actor` may not make `transition` from `status`, or null when the table allows it. The
 * answers are the conflict (409) and the forbidden (403) the callers send.
 */
export function refusal(
  transition: Transition,
  actor: Actor,
  status: TaskStatus,
): { kind: 'forbidden' | 'conflict'; message: string } | null {
  const rule = TRANSITIONS[transition];
  if (!rule.by.includes(actor)) return { kind: 'forbidden', message: `A ${actor} cannot ${describe(transition)}` };
  if (rule.from.includes(status)) return null;
  if (status === 'completed') return { kind: 'conflict', message: 'This task is completed already' };
  if (status === 'cancelled') return { kind: 'conflict', message: 'This task is cancelled' };
  return { kind: 'conflict', message: `A ${status} task cannot be ${pastTense(transition)}` };
}

function describe(transition: Transition): string {
  return transition === 'goodwill-refund' ? 'give a goodwill refund' : `${transition.replace('-', ' ')} a task`;
}

function pastTense(transition: Transition): string {
  const words: Record<Transition, string> = {
    accept: 'accepted',
    assign: 'assigned',
    unassign: 'unassigned',
    start: 'started',
    arrive: 'arrived at',
    weigh: 'weighed',
    'pay-extra': 'paid more for',
    'decline-extra': 'declined',
    complete: 'completed',
    cancel: 'cancelled',
    'goodwill-refund': 'refunded',
  };
  return words[transition];
}
