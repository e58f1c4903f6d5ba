/**
 * The lifecycle obeys its table (server/tasks/transitions.ts, docs/lifecycle.md): every
 * (state, transition, actor) is tried on a real task through the real lifecycle, which must
 * refuse exactly what the table refuses (403 for the actor, 409 for the state) and leave the
 * task where the table says. The docs' table is the code's.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskStatus } from '../../src/shared/contract';
import { TASK_STATUSES } from '../../src/shared/task-status';
import * as lifecycle from '../../server/tasks/lifecycle';
import { TaskRefused } from '../../server/tasks/errors';
import { ACTORS, type Actor, TRANSITIONS, TRANSITION_NAMES, type Transition } from '../../server/tasks/transitions';
import { lifecycleTable } from '../../server/tasks/docs-table';
import { createTestServer, type TestServer } from './harness';
import { insertClient, insertDriver, insertTask } from './ops-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const db = () => server.deps.db;
const PIN = { lat: 6.447, lng: 3.4305 };

/** A recycling task of 3 kg at ₦1,500 in `status`, arrived, with an extra of 1 kg awaiting the client. */
async function taskIn(status: TaskStatus) {
  const client = await insertClient(db());
  const driver = await insertDriver(db(), PIN, 'Owner', { demo: false });
  const task = await insertTask(db(), client, {
    status,
    driverId: status === 'pending' ? null : driver,
    lat: PIN.lat,
    lng: PIN.lng,
  });
  await db().query(
    `update tasks set type = 'recycling', service_name = 'Recycling Collection', unit = 'per kg', quantity = 3,
            amount_kobo = 450000, unit_price_kobo = 150000,
            arrived_at = case when driver_id is null then null else now() end,
            weighed_quantity = 4, extra_quantity = 1, extra_amount_kobo = 150000, extra_status = 'awaiting'
      where id = $1`,
    [task],
  );
  // Another driver, free, who was offered the task (accept) or is given it (assign).
  const other = await insertDriver(db(), PIN, 'Other', { demo: false });
  await db().query(
    `insert into task_offers (id, task_id, driver_id, offered_at, expires_at, distance_m)
     values ($1, $2, $3, now(), now() + interval '1 minute', 10)`,
    [randomUUID(), task, other],
  );
  return { client, driver, other, task };
}

async function attempt(transition: Transition, actor: Actor, status: TaskStatus) {
  const { client, driver, other, task } = await taskIn(status);
  const deps = server.deps;
  const caller = { actor, userId: client, driverId: transition === 'accept' ? other : driver };
  const run: Record<Transition, () => Promise<unknown>> = {
    accept: () => lifecycle.accept(deps, task, { ...caller, driverId: other }),
    assign: () => lifecycle.assign(deps, task, other, caller),
    unassign: () => lifecycle.unassign(deps, task, caller),
    start: () => lifecycle.start(deps, task, caller),
    arrive: () => lifecycle.arrive(deps, task, caller),
    weigh: () => lifecycle.weigh(deps, task, 4, { ...caller, driverId: driver }),
    'pay-extra': () =>
      lifecycle.payExtra(deps, task, { reference: randomUUID(), amountKobo: 150_000 }, { ...caller, userId: client }),
    'decline-extra': () => lifecycle.declineExtra(deps, task, { ...caller, userId: client }),
    complete: () => lifecycle.complete(deps, task, { quantity: 3, code: '123456' }, caller),
    cancel: () => lifecycle.cancel(deps, task, { reason: null, note: '' }, caller),
    'goodwill-refund': () => lifecycle.goodwillRefund(deps, task, { amountKobo: 100, reason: 'late' }, caller),
  };
  const outcome = await run[transition]().then(
    () => 'ok' as const,
    (error: unknown) => {
      if (error instanceof TaskRefused) return error.status;
      throw error;
    },
  );
  const [row] = await db().query<{ status: TaskStatus }>('select status from tasks where id = $1', [task]);
  return { outcome, after: row.status };
}

/** A step already made, asked again, answers what it answered first (a resend after a lost answer). */
const REPEATS: ReadonlyArray<[Transition, TaskStatus, Actor | 'any']> = [
  ['start', 'on-going', 'any'],
  ['unassign', 'pending', 'any'],
  ['complete', 'completed', 'driver'],
  ['cancel', 'cancelled', 'client'],
];
/** A driver's steps on a task with no driver: not theirs, so not found. */
const DRIVERS_OWN: readonly Transition[] = ['start', 'arrive', 'weigh', 'complete'];

const cases = TASK_STATUSES.flatMap((status) =>
  TRANSITION_NAMES.flatMap((transition) => ACTORS.map((actor) => [status, transition, actor] as const)),
);

describe('every (state, transition, actor) does what the table says', () => {
  it.each(cases)('%s, %s by %s', async (status, transition, actor) => {
    const rule = TRANSITIONS[transition];
    const repeat = REPEATS.some(([t, s, a]) => t === transition && s === status && (a === 'any' || a === actor));
    const { outcome, after } = await attempt(transition, actor, status);
    if (actor === 'driver' && status === 'pending' && DRIVERS_OWN.includes(transition)) {
      expect(outcome).toBe(404);
      expect(after).toBe(status);
    } else if (!rule.by.includes(actor)) {
      expect(outcome).toBe(403);
      expect(after).toBe(status);
    } else if (rule.from.includes(status) || repeat) {
      expect(outcome).toBe('ok');
      expect(after).toBe(repeat ? status : (rule.to ?? status));
    } else {
      expect(outcome).toBe(409);
      expect(after).toBe(status);
    }
  });
});

describe('docs/lifecycle.md', () => {
  it('shows the table the code runs', () => {
    const doc = readFileSync(new URL('../../docs/lifecycle.md', import.meta.url), 'utf8');
    expect(doc).toContain(lifecycleTable());
  });
});
