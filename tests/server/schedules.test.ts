import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateScheduleRequest, Schedule, TaskEvent } from '../../src/shared/contract';
import { describeTaskEvent } from '../../src/shared/task-events';
import { runPlanJobsOnce } from '../../server/payments/plan-jobs';
import { runScheduleJobsOnce } from '../../server/tasks/schedule-jobs';
import { pushPayload } from '../../server/notifications/messages';
import { type FakePushService, startFakePushService } from './fake-push-service';
import { createTestServer, type TestServer } from './harness';
import { count, insertClient, newReference, payReference, type TestClient } from './task-fixtures';

let server: TestServer;
// Wednesday 25 Nov 2026, 10:00 in Lagos.
let clock = new Date('2026-11-25T09:00:00Z');

// Devices get real keys and a local push service, so the dispatcher's sends succeed offline.
let fake: FakePushService;

beforeAll(async () => {
  fake = await startFakePushService();
  server = await createTestServer({
    now: () => clock,
    config: { pushAllowedOrigins: [fake.origin] },
    pushAgent: fake.agent,
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

/** A device of the user, stored as subscribing would store it. */
async function insertDevice(userId: string, id: string): Promise<void> {
  const { endpoint, keys } = fake.subscription().json;
  await server.deps.db.query(
    'insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)',
    [id, userId, endpoint, keys.p256dh, keys.auth],
  );
}

async function planHolder(plan = 'bronze', expiresAt = '2026-12-20T09:00:00Z'): Promise<TestClient> {
  const client = await insertClient(server);
  await server.deps.db.query(
    `update users set subscription_plan = $2, subscription_started_at = '2026-11-20T09:00:00Z',
            subscription_expires_at = $3 where id = $1`,
    [client.id, plan, expiresAt],
  );
  return client;
}

/** Fridays, 10:00-12:00 (Lagos), a household pickup in Lekki. */
const fridays = (overrides: Partial<CreateScheduleRequest> = {}): CreateScheduleRequest => ({
  type: 'household',
  address: '12 Admiralty Way, Lekki, Lagos',
  addressDetails: 'Blue gate',
  location: { type: 'Point', coordinates: [3.4723, 6.4474] },
  weekdays: [5],
  windowStartHour: 10,
  ...overrides,
});

const call = (who: TestClient, path: string, body: unknown) =>
  server.request('POST', `/client/schedules${path}`, { token: who.token, body });

async function created(who: TestClient, overrides: Partial<CreateScheduleRequest> = {}): Promise<Schedule> {
  const response = await call(who, '/create', fridays(overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

const list = async (who: TestClient): Promise<Schedule[]> => (await call(who, '', {})).body.data;
const tasksOf = async (who: TestClient) =>
  (await server.request('POST', '/client/task', { token: who.token, body: { userId: who.id } })).body.data;
const householdLeft = async (who: TestClient) =>
  (await server.request('POST', '/client/plan', { token: who.token, body: {} })).body.data.allowance[0].left;
const bell = async (who: TestClient): Promise<TaskEvent[]> =>
  (await server.request('POST', '/client/events', { token: who.token, body: {} })).body.data;

const FRI_27 = { start: '2026-11-27T09:00:00.000Z', end: '2026-11-27T11:00:00.000Z' };

describe('POST /client/schedules: set, list, pause, resume, skip, delete', () => {
  it('a Bronze holder sets Mondays and Fridays: the full schedule, the next date, today’s price', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client, { weekdays: [5, 1] });
    expect(schedule).toMatchObject({
      type: 'household',
      serviceName: 'Household Waste Pickup',
      unit: 'per pickup',
      quantity: 1,
      address: '12 Admiralty Way, Lekki, Lagos',
      addressDetails: 'Blue gate',
      location: { type: 'Point', coordinates: [3.4723, 6.4474] },
      weekdays: [1, 5],
      windowStartHour: 10,
      paused: null,
      skipped: [],
      runs: [],
      next: { date: '2026-11-27', window: FRI_27 },
      price: 1500,
    });
    const laundry = await created(client, { type: 'laundry', quantity: 2.5, weekdays: [3] });
    expect(laundry).toMatchObject({ serviceName: 'Laundry Service', unit: 'per kg', quantity: 2.5, price: 2500 });
    // Wednesday 10:00 has begun: the next Wednesday.
    expect(laundry.next!.date).toBe('2026-12-02');
    expect((await list(client)).map((each) => each._id)).toEqual([schedule._id, laundry._id]);
  });

  it('refuses without a running plan, a service the plan lacks, a quantity out of range, a place we do not serve', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const freemium = await insertClient(server);
    const refused = await call(freemium, '/create', fridays());
    expect([refused.status, refused.body.message]).toEqual([
      422,
      'Recurring pickups come with a plan. Choose a plan to set one.',
    ]);
    const ended = await planHolder('bronze', '2026-11-25T08:59:59Z');
    expect((await call(ended, '/create', fridays())).status).toBe(422);

    const bronze = await planHolder();
    const garden = await call(bronze, '/create', fridays({ type: 'garden' }));
    expect([garden.status, garden.body.message]).toEqual([
      422,
      'Your Bronze plan does not include Land Mowing & Garden.',
    ]);
    const quantity = await call(bronze, '/create', fridays({ type: 'laundry', quantity: 0.3 }));
    expect([quantity.status, quantity.body.message]).toEqual([422, 'Quantity must be from 1 to 200 kg']);
    const twoPickups = await call(bronze, '/create', fridays({ quantity: 2 }));
    expect([twoPickups.status, twoPickups.body.message]).toEqual([422, 'This service is booked one pickup at a time']);
    const ibadan = await call(
      bronze,
      '/create',
      fridays({ address: 'Bodija, Ibadan', location: { type: 'Point', coordinates: [3.9, 7.43] } }),
    );
    expect([ibadan.status, ibadan.body.message]).toEqual([
      422,
      "We don't serve this area yet. We serve Lagos and Abuja",
    ]);
    const london = await call(bronze, '/create', fridays({ location: { type: 'Point', coordinates: [-0.12, 51.5] } }));
    expect(london.status).toBe(400);
    expect(await list(bronze)).toEqual([]);
  });

  it(`keeps at most 10 per client`, async () => {
    const client = await planHolder('gold');
    for (let index = 0; index < 10; index += 1) await created(client);
    const eleventh = await call(client, '/create', fridays());
    expect([eleventh.status, eleventh.body.message]).toEqual([
      422,
      'You can keep up to 10 recurring pickups. Delete one to set another.',
    ]);
  });

  it('every bad input is a 4xx with a message, never a 5xx; another client’s schedule is not found', async () => {
    const client = await planHolder();
    const stranger = await planHolder();
    const mine = await created(client);
    const hostile = [
      ['/create', null],
      ['/create', []],
      ['/create', fridays({ type: 'x'.repeat(10_000) })],
      ['/create', fridays({ type: "'; drop table schedules; --" })],
      ['/create', fridays({ address: '\u0000<script>alert(1)</script>' })],
      ['/create', fridays({ weekdays: [] })],
      ['/create', fridays({ weekdays: [0] })],
      ['/create', fridays({ weekdays: [5, 5] })],
      ['/create', fridays({ weekdays: [1.5] })],
      ['/create', { ...fridays(), weekdays: '5' }],
      ['/create', fridays({ windowStartHour: 9 })],
      ['/create', { ...fridays(), quantity: 'lots' }],
      ['/create', fridays({ quantity: Number.MAX_VALUE })],
      ['/pause', { scheduleId: 'x'.repeat(5000) }],
      ['/pause', { scheduleId: mine._id }, stranger],
      ['/resume', { scheduleId: "' or 1=1 --" }],
      ['/delete', { scheduleId: mine._id }, stranger],
      ['/skip', { scheduleId: mine._id, date: 'tomorrow' }],
      ['/skip', { scheduleId: mine._id, date: '2026-02-30' }],
      ['/skip', { scheduleId: mine._id, date: '2026-02-30', unskip: true }],
      ['/skip', { scheduleId: mine._id, date: '2026-11-27', unskip: 'yes' }],
      ['/skip', { scheduleId: mine._id, date: '2026-11-27' }, stranger],
      ['', 'not an object'],
    ] as const;
    for (const [path, body, who] of hostile) {
      const response = await call(who ?? client, path, body);
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof response.body.message).toBe('string');
    }
    const stolen = await call(stranger, '/delete', { scheduleId: mine._id });
    expect([stolen.status, stolen.body.message]).toEqual([404, 'Schedule not found']);
    expect((await server.request('POST', '/client/schedules', { body: {} })).status).toBe(401);
    expect(await list(client)).toHaveLength(1);
  });

  it('pause and resume: paused, no next date; resuming needs a running plan', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client);
    const paused = await call(client, '/pause', { scheduleId: schedule._id });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ paused: 'client', next: null });
    const resumed = await call(client, '/resume', { scheduleId: schedule._id });
    expect(resumed.body.data).toMatchObject({ paused: null, next: { date: '2026-11-27' } });
    await server.deps.db.query('update users set subscription_expires_at = $2 where id = $1', [
      client.id,
      '2026-11-25T08:00:00Z',
    ]);
    await call(client, '/pause', { scheduleId: schedule._id });
    const refused = await call(client, '/resume', { scheduleId: schedule._id });
    expect([refused.status, refused.body.message]).toEqual([
      422,
      'Recurring pickups come with a plan. Choose a plan to set one.',
    ]);
  });

  it('skip a coming date, then take the skip back; only the schedule’s next 4 weeks of dates', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client);
    const skipped = await call(client, '/skip', { scheduleId: schedule._id, date: '2026-11-27' });
    expect(skipped.status).toBe(200);
    expect(skipped.body.data).toMatchObject({ skipped: ['2026-11-27'], next: { date: '2026-12-04' } });
    // Twice is still once.
    expect((await call(client, '/skip', { scheduleId: schedule._id, date: '2026-11-27' })).body.data.skipped).toEqual([
      '2026-11-27',
    ]);
    for (const date of ['2026-11-26', '2026-11-20', '2026-12-25', '2027-01-01']) {
      const refused = await call(client, '/skip', { scheduleId: schedule._id, date });
      expect([refused.status, refused.body.message], date).toEqual([
        422,
        'Choose one of the next dates of this pickup (within 4 weeks) to skip',
      ]);
    }
    const back = await call(client, '/skip', { scheduleId: schedule._id, date: '2026-11-27', unskip: true });
    expect(back.body.data).toMatchObject({ skipped: [], next: { date: '2026-11-27' } });
  });

  it('delete: gone with its skips and runs, the tasks it made stay', async () => {
    clock = new Date('2026-11-26T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client);
    await call(client, '/skip', { scheduleId: schedule._id, date: '2026-12-04' });
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toHaveLength(1);
    const deleted = await call(client, '/delete', { scheduleId: schedule._id });
    expect(deleted.body).toEqual({ data: { deleted: true } });
    expect(await list(client)).toEqual([]);
    expect(await count(server, 'select 1 from schedule_runs where schedule_id = $1', [schedule._id])).toBe(0);
    expect(await count(server, 'select 1 from schedule_skips where schedule_id = $1', [schedule._id])).toBe(0);
    expect(await tasksOf(client)).toHaveLength(1);
    expect((await call(client, '/delete', { scheduleId: schedule._id })).status).toBe(404);
  });
});

describe('the scheduler', () => {
  it('makes the task 24 h before its window, covered by the plan, once however many rounds run', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client);
    clock = new Date('2026-11-26T08:59:59Z');
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toEqual([]);

    clock = new Date('2026-11-26T09:00:00Z');
    await Promise.all([runScheduleJobsOnce(server.deps), runScheduleJobsOnce(server.deps)]);
    await runScheduleJobsOnce(server.deps);
    const tasks = await tasksOf(client);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      status: 'pending',
      type: 'household',
      serviceName: 'Household Waste Pickup',
      address: '12 Admiralty Way, Lekki, Lagos',
      addressDetails: 'Blue gate',
      quantity: 1,
      coveredQuantity: 1,
      amount: 0,
      scheduledFor: FRI_27,
      reference: `schedule-${schedule._id}-2026-11-27`,
    });
    expect(await householdLeft(client)).toBe(19);
    const [listed] = await list(client);
    expect(listed!.runs).toEqual([{ date: '2026-11-27', window: FRI_27, outcome: 'created', taskId: tasks[0]._id }]);
    expect(listed!.next!.date).toBe('2026-12-04');
  });

  it('at once when the window is less than 24 h away', async () => {
    clock = new Date('2026-11-27T06:00:00Z');
    const client = await planHolder();
    await created(client, { windowStartHour: 12 });
    await runScheduleJobsOnce(server.deps);
    const tasks = await tasksOf(client);
    expect(tasks.map((task: { scheduledFor: unknown }) => task.scheduledFor)).toEqual([
      { start: '2026-11-27T11:00:00.000Z', end: '2026-11-27T13:00:00.000Z' },
    ]);
  });

  it('a skipped date gets no task; a paused schedule neither', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const skipped = await created(client);
    await call(client, '/skip', { scheduleId: skipped._id, date: '2026-11-27' });
    const paused = await created(client);
    await call(client, '/pause', { scheduleId: paused._id });
    clock = new Date('2026-11-26T12:00:00Z');
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toEqual([]);
    expect((await list(client)).map((each) => each.runs)).toEqual([[], []]);
  });

  it("not covered when the month's pickups are spent: no task, the bell and a push say what to pay", async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    await insertDevice(client.id, `device-${client.id}`);
    const schedule = await created(client);
    // 20 left, and the schedule asks for 1: covered. Then none left.
    await server.deps.db.query(
      `insert into tasks (id, user_id, status, reference, address, lng, lat, datetime, type, service_name, amount_kobo, unit,
                          confirmation_code, quantity, covered_quantity)
       values ($1, $2, 'completed', $3, 'x', 3.4, 6.4, now(), 'household', 'Household Waste Pickup', 0, 'per pickup', '000000', 20, 20)`,
      [`spent-${client.id}`, client.id, newReference()],
    );
    expect(await householdLeft(client)).toBe(0);
    clock = new Date('2026-11-26T10:00:00Z');
    await runScheduleJobsOnce(server.deps);
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toHaveLength(1);

    const events = await bell(client);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'schedule-not-covered',
      taskId: null,
      scheduleId: schedule._id,
      type: 'household',
      serviceName: 'Household Waste Pickup',
      amount: 1500,
      scheduledFor: FRI_27,
    });
    expect(describeTaskEvent(events[0]!)).toBe(
      'Your Friday pickup is not covered this month: pay ₦1,500.00 to keep it',
    );
    const [listed] = await list(client);
    expect(listed!.runs).toEqual([{ date: '2026-11-27', window: FRI_27, outcome: 'not-covered', taskId: null }]);

    const pushes = await server.deps.db.query<{ kind: string; task_id: string | null; data: unknown }>(
      'select kind, task_id, data from push_outbox where user_id = $1',
      [client.id],
    );
    expect(pushes).toHaveLength(1);
    const data = typeof pushes[0]!.data === 'string' ? JSON.parse(pushes[0]!.data) : pushes[0]!.data;
    expect(
      pushPayload({ kind: 'schedule-not-covered', taskId: null, data, serviceName: '', amountKobo: 0, driver: null }),
    ).toEqual({
      kind: 'schedule-not-covered',
      taskId: null,
      title: 'Recurring pickup not covered',
      body: 'Your Friday pickup is not covered this month: pay ₦1,500.00 to keep it',
      tag: `schedule-${schedule._id}`,
      url: '/client/home',
    });
  });

  it('the switch for reminders off: the bell still tells, no push', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder('bronze');
    await insertDevice(client.id, `device-${client.id}`);
    await server.deps.db.query('insert into notification_settings (user_id, reminders) values ($1, false)', [
      client.id,
    ]);
    await created(client, { type: 'laundry', quantity: 31 });
    clock = new Date('2026-11-26T10:00:00Z');
    await runScheduleJobsOnce(server.deps);
    expect((await bell(client)).map(describeTaskEvent)).toEqual([
      'Your Friday pickup is not covered this month: pay ₦31,000.00 to keep it',
    ]);
    expect(await count(server, 'select 1 from push_outbox where user_id = $1', [client.id])).toBe(0);
  });

  it("a plan's end pauses its schedules; renewing resumes them (not the ones the client paused)", async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder('bronze', '2026-11-25T12:00:00Z');
    const mine = await created(client);
    const pausedByClient = await created(client);
    await call(client, '/pause', { scheduleId: pausedByClient._id });
    clock = new Date('2026-11-25T12:00:00Z');
    await runScheduleJobsOnce(server.deps);
    expect((await list(client)).map((each) => [each.paused, each.next])).toEqual([
      ['plan-ended', null],
      ['client', null],
    ]);

    const reference = await payReference(server, client, 50_000);
    const subscribed = await server.request('POST', '/client/subscribe', {
      token: client.token,
      body: { userId: client.id, plan: 'bronze', reference },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    expect((await list(client)).map((each) => [each._id, each.paused])).toEqual([
      [mine._id, null],
      [pausedByClient._id, 'client'],
    ]);
    clock = new Date('2026-11-26T09:00:00Z');
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toHaveLength(1);
  });

  it('a round that fails mid-way leaves nothing half made: the next round makes the task once', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client);
    await server.deps.db.exec(`
      create function fail_schedule_task() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$;
      create trigger fail_schedule_task before insert on tasks for each row
        when (new.reference like 'schedule-%') execute function fail_schedule_task();`);
    clock = new Date('2026-11-26T09:30:00Z');
    try {
      await runScheduleJobsOnce(server.deps);
    } finally {
      await server.deps.db.exec('drop trigger fail_schedule_task on tasks; drop function fail_schedule_task();');
    }
    expect(await tasksOf(client)).toEqual([]);
    expect(await count(server, 'select 1 from schedule_runs where schedule_id = $1', [schedule._id])).toBe(0);
    await runScheduleJobsOnce(server.deps);
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toHaveLength(1);
    expect(await householdLeft(client)).toBe(19);
  });
});

const scheduledStarts = async (who: TestClient): Promise<string[]> =>
  ((await tasksOf(who)) as { scheduledFor: { start: string } }[]).map((task) => task.scheduledFor.start).sort();

/** Lagos windows as the API spells them. */
const lagosWindow = (date: string, hour: number) => ({
  start: new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 1) * 3_600_000).toISOString(),
  end: new Date(Date.parse(`${date}T00:00:00Z`) + (hour + 1) * 3_600_000).toISOString(),
});

describe('every 2 weeks', () => {
  it('set on Wednesday for Fridays every 2 weeks: the first Friday, then every other one; the scheduler makes those only', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder('bronze', '2027-01-20T09:00:00Z');
    const schedule = await created(client, { everyWeeks: 2 });
    expect(schedule).toMatchObject({ everyWeeks: 2, startsOn: '2026-11-27', moved: [], next: { date: '2026-11-27' } });
    // Weekly stays the default.
    expect(await created(await planHolder())).toMatchObject({ everyWeeks: 1 });

    // Each Thursday at 10:00 Lagos, the day before a Friday's window.
    for (const thursday of ['2026-11-26', '2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24']) {
      clock = new Date(`${thursday}T09:00:00Z`);
      await runScheduleJobsOnce(server.deps);
      await runScheduleJobsOnce(server.deps);
    }
    expect(await scheduledStarts(client)).toEqual([
      lagosWindow('2026-11-27', 10).start,
      lagosWindow('2026-12-11', 10).start,
      lagosWindow('2026-12-25', 10).start,
    ]);
    const [listed] = await list(client);
    expect(listed!.runs.map((run) => run.date)).toEqual(['2026-11-27', '2026-12-11', '2026-12-25']);
    expect(listed!.next!.date).toBe('2027-01-08');
  });

  it('several weekdays every 2 weeks: both days of one week, none of the next', async () => {
    // Saturday 28 Nov: the first week is the next one (Monday 30 Nov).
    clock = new Date('2026-11-28T09:00:00Z');
    const client = await planHolder('gold', '2027-01-20T09:00:00Z');
    const schedule = await created(client, { weekdays: [1, 5], everyWeeks: 2 });
    expect(schedule).toMatchObject({ startsOn: '2026-11-30', next: { date: '2026-11-30' } });
    for (let day = 0; day < 21; day += 1) {
      clock = new Date(Date.parse('2026-11-29T09:00:00Z') + day * 24 * 3_600_000);
      await runScheduleJobsOnce(server.deps);
    }
    expect(await scheduledStarts(client)).toEqual(
      ['2026-11-30', '2026-12-04', '2026-12-14', '2026-12-18'].map((date) => lagosWindow(date, 10).start),
    );
  });

  it('refuses an interval other than 1 or 2 weeks', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    for (const everyWeeks of [0, 3, 1.5, '2', null, -2]) {
      const response = await call(client, '/create', { ...fridays(), everyWeeks });
      expect([response.status, response.body.message], String(everyWeeks)).toEqual([400, 'everyWeeks must be 1 or 2']);
    }
    expect(await list(client)).toEqual([]);
  });
});

describe('moving one date', () => {
  const TUE_1_DEC_14 = lagosWindow('2026-12-01', 14);

  it('Friday 4 Dec to Tuesday 1 Dec, 14:00-16:00: that date comes then, once; the others stay', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder('bronze', '2027-01-20T09:00:00Z');
    const schedule = await created(client);
    const moved = await call(client, '/move', { scheduleId: schedule._id, date: '2026-12-04', window: TUE_1_DEC_14 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      moved: [{ date: '2026-12-04', window: TUE_1_DEC_14 }],
      next: { date: '2026-11-27', window: FRI_27 },
    });

    // Every day at 14:00 Lagos for two weeks, and at the moved window's lead time.
    const rounds = [new Date('2026-11-30T13:00:00Z')];
    for (let day = 0; day < 17; day += 1)
      rounds.push(new Date(Date.parse('2026-11-25T13:00:00Z') + day * 24 * 3_600_000));
    for (const round of rounds.sort((a, b) => a.getTime() - b.getTime())) {
      clock = round;
      await runScheduleJobsOnce(server.deps);
    }
    expect(await scheduledStarts(client)).toEqual([
      FRI_27.start,
      TUE_1_DEC_14.start,
      lagosWindow('2026-12-11', 10).start,
    ]);
    const tasks = (await tasksOf(client)) as { reference: string; scheduledFor: { start: string; end: string } }[];
    expect(tasks.find((task) => task.reference === `schedule-${schedule._id}-2026-12-04`)!.scheduledFor).toEqual(
      TUE_1_DEC_14,
    );
    const [listed] = await list(client);
    expect(listed!.runs.find((run) => run.date === '2026-12-04')).toMatchObject({
      window: TUE_1_DEC_14,
      outcome: 'created',
    });
    // Reached: it cannot be moved (nor skipped) again.
    const again = await call(client, '/move', {
      scheduleId: schedule._id,
      date: '2026-12-04',
      window: lagosWindow('2026-12-14', 10),
    });
    expect([again.status, again.body.message]).toEqual([
      422,
      'Choose one of the next dates of this pickup (within 4 weeks) to move',
    ]);
  });

  it('moved later than its own day, moved again, and put back by choosing its own window', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client);
    const id = schedule._id;
    const later = lagosWindow('2026-11-28', 16);
    expect(
      (await call(client, '/move', { scheduleId: id, date: '2026-11-27', window: later })).body.data,
    ).toMatchObject({
      moved: [{ date: '2026-11-27', window: later }],
      next: { date: '2026-11-27', window: later },
    });
    const monday = lagosWindow('2026-11-30', 8);
    expect(
      (await call(client, '/move', { scheduleId: id, date: '2026-11-27', window: monday })).body.data.moved,
    ).toEqual([{ date: '2026-11-27', window: monday }]);
    // Thursday's round makes nothing: Friday's pickup is now on Monday.
    clock = new Date('2026-11-26T09:00:00Z');
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toEqual([]);
    const back = await call(client, '/move', { scheduleId: id, date: '2026-11-27', window: FRI_27 });
    expect(back.body.data).toMatchObject({ moved: [], next: { date: '2026-11-27', window: FRI_27 } });
    await runScheduleJobsOnce(server.deps);
    expect(await scheduledStarts(client)).toEqual([FRI_27.start]);
  });

  it('bad windows and dates: 400 (past, too soon, beyond 2 weeks, not a pickup window) or 422, with a message', async () => {
    clock = new Date('2026-11-25T09:00:00Z');
    const client = await planHolder();
    const stranger = await planHolder();
    const schedule = await created(client);
    const id = schedule._id;
    const move = (date: string, window: unknown, who = client) => call(who, '/move', { scheduleId: id, date, window });
    const refusals: [Promise<{ status: number; body: { message: string } }>, number, string | RegExp][] = [
      [move('2026-12-04', lagosWindow('2026-11-20', 10)), 400, 'Choose a window starting at least 2 hours from now'],
      [move('2026-12-04', lagosWindow('2026-11-25', 10)), 400, 'Choose a window starting at least 2 hours from now'],
      [move('2026-12-04', lagosWindow('2026-12-10', 10)), 400, 'Choose a window within the next 14 days'],
      [move('2026-12-04', lagosWindow('2027-06-01', 10)), 400, 'Choose a window within the next 14 days'],
      [move('2026-12-04', lagosWindow('2026-12-01', 9)), 400, /^window must be a 2-hour pickup window/],
      [move('2026-12-04', lagosWindow('2026-12-01', 20)), 400, /^window must be a 2-hour pickup window/],
      [
        move('2026-12-04', { start: TUE_1_DEC_14.start, end: lagosWindow('2026-12-01', 15).end }),
        400,
        /^window must be a 2-hour pickup window/,
      ],
      [move('2026-12-04', { start: TUE_1_DEC_14.end, end: TUE_1_DEC_14.start }), 400, /^window must be a 2-hour/],
      [move('2026-12-04', 'tomorrow'), 400, 'window must be an object with start and end'],
      [move('2026-12-04', { start: 'x'.repeat(10_000), end: TUE_1_DEC_14.end }), 400, /window.start/],
      [move('2026-12-04', { start: '2026-12-01T13:00:00', end: TUE_1_DEC_14.end }), 400, /window.start/],
      [move('2026-02-30', TUE_1_DEC_14), 400, 'date must be a day like 2026-11-28'],
      [move('4 Dec', TUE_1_DEC_14), 400, 'date must be a day like 2026-11-28'],
      [move('x'.repeat(5000), TUE_1_DEC_14), 400, /date/],
      // Not one of its dates: a past Friday, a Thursday, a Friday beyond 4 weeks.
      [move('2026-11-20', TUE_1_DEC_14), 422, 'Choose one of the next dates of this pickup (within 4 weeks) to move'],
      [move('2026-11-26', TUE_1_DEC_14), 422, 'Choose one of the next dates of this pickup (within 4 weeks) to move'],
      [move('2027-01-01', TUE_1_DEC_14), 422, 'Choose one of the next dates of this pickup (within 4 weeks) to move'],
      // Onto another of its dates' window.
      [move('2026-12-04', FRI_27), 422, 'This pickup already comes in that window: choose another'],
      [move('2026-12-04', TUE_1_DEC_14, stranger), 404, 'Schedule not found'],
    ];
    for (const [response, status, message] of refusals) {
      const { status: got, body } = await response;
      expect(got, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
    }
    expect((await call(client, '/move', { scheduleId: id, date: '2026-12-04' })).status).toBe(400);
    expect((await call(client, '/move', null)).status).toBe(400);

    await call(client, '/skip', { scheduleId: id, date: '2026-12-04' });
    const skipped = await move('2026-12-04', TUE_1_DEC_14);
    expect([skipped.status, skipped.body.message]).toEqual([422, 'This date is skipped: undo the skip to move it']);
    await call(client, '/pause', { scheduleId: id });
    const paused = await move('2026-12-11', TUE_1_DEC_14);
    expect([paused.status, paused.body.message]).toEqual([
      422,
      'This pickup is paused: resume it to move one of its dates',
    ]);
    expect((await list(client))[0]!.moved).toEqual([]);
  });

  it('a booked date is not moved; a moved date can still be skipped', async () => {
    clock = new Date('2026-11-26T09:00:00Z');
    const client = await planHolder();
    const schedule = await created(client);
    await runScheduleJobsOnce(server.deps);
    const booked = await call(client, '/move', { scheduleId: schedule._id, date: '2026-11-27', window: TUE_1_DEC_14 });
    expect([booked.status, booked.body.message]).toEqual([
      422,
      "This date's pickup is already booked: cancel its task instead",
    ]);
    await call(client, '/move', { scheduleId: schedule._id, date: '2026-12-04', window: TUE_1_DEC_14 });
    const skip = await call(client, '/skip', { scheduleId: schedule._id, date: '2026-12-04' });
    expect(skip.body.data.skipped).toEqual(['2026-12-04']);
    clock = new Date('2026-11-30T14:00:00Z');
    await runScheduleJobsOnce(server.deps);
    expect(await tasksOf(client)).toHaveLength(1);
  });
});

describe('the renewal reminder as a push', () => {
  it("one push per device: 'Your Bronze plan ends on Sat 5 Dec', opening Home", async () => {
    clock = new Date('2026-12-02T09:00:00Z');
    const client = await planHolder('bronze', '2026-12-05T09:00:00Z');
    for (const device of ['a', 'b']) await insertDevice(client.id, `${device}-${client.id}`);
    await runPlanJobsOnce(server.deps);
    await runPlanJobsOnce(server.deps);
    const rows = await server.deps.db.query<{ kind: string; subscription_id: string; data: unknown }>(
      `select kind, subscription_id, data from push_outbox where user_id = $1 order by subscription_id`,
      [client.id],
    );
    expect(rows.map((row) => [row.kind, row.subscription_id])).toEqual([
      ['plan-renewal', `a-${client.id}`],
      ['plan-renewal', `b-${client.id}`],
    ]);
    const data = typeof rows[0]!.data === 'string' ? JSON.parse(rows[0]!.data) : rows[0]!.data;
    expect(
      pushPayload({ kind: 'plan-renewal', taskId: null, data, serviceName: '', amountKobo: 0, driver: null }),
    ).toEqual({
      kind: 'plan-renewal',
      taskId: null,
      title: 'Your plan ends soon',
      body: 'Your Bronze plan ends on Sat 5 Dec',
      tag: 'plan',
      url: '/client/home',
    });
  });
});
