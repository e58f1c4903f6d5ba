import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { koboToNaira } from '../../src/shared/money';
import * as ops from '../../server/console/commands';
import { TaskRefused } from '../../server/tasks/errors';
import { runCli } from '../../server/ops/cli';
import { opsTokenMatches, readStoredOpsToken, resolveOpsToken } from '../../server/console/ops-token';
import { type CliServer, captureOutput, noDirectDatabase, refusedPort, serverWithCli } from './cli-server';
import type { TestServer } from './harness';
import { insertClient, insertDriver, insertTask } from './ops-fixtures';

const OPS_TOKEN = 'test-ops-token-0123456789';
let server: TestServer;
let cli: CliServer;
serverWithCli(OPS_TOKEN, (started) => ({ server, cli } = started));

const db = () => server.deps.db;
const deps = () => server.deps;
/** The command line's operator commands (`npm run ops`). */
const CLI = { actor: 'cli' } as const;
const YABA = { lat: 6.5158, lng: 3.3782 };
const IKEJA = { lat: 6.6018, lng: 3.3515 };

async function user(id: string) {
  const [row] = await db().query<{ balance_kobo: string; notification: boolean; referral_rewarded: boolean }>(
    'select * from users where id = $1',
    [id],
  );
  return { balance: Number(row.balance_kobo) / 100, notification: row.notification, rewarded: row.referral_rewarded };
}

async function expectOpsError(work: Promise<unknown>, kind: 'invalid' | 'not-found', message: RegExp) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ops.OpsError);
  expect((error as ops.OpsError).kind).toBe(kind);
  expect((error as ops.OpsError).message).toMatch(message);
}

/** The lifecycle's refusal of a transition the task's state does not allow (server/tasks/transitions.ts). */
async function expectRefused(work: Promise<unknown>, status: number, message: string) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TaskRefused);
  expect(error).toMatchObject({ status, message });
}

describe('the ops token', () => {
  it('OPS_TOKEN wins; otherwise one is generated once into DATA_DIR/ops-token (mode 600) and reused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'greenpick-ops-'));
    try {
      expect(resolveOpsToken('configured', dir)).toBe('configured');
      expect(existsSync(join(dir, 'ops-token'))).toBe(false);
      const token = resolveOpsToken(undefined, dir);
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(join(dir, 'ops-token'), 'utf8')).toBe(token);
      expect(statSync(join(dir, 'ops-token')).mode & 0o777).toBe(0o600);
      expect(resolveOpsToken(undefined, dir)).toBe(token);
      expect(readStoredOpsToken(dir)).toBe(token);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a memory:// data folder gets a fresh token that is written nowhere', () => {
    const first = resolveOpsToken(undefined, 'memory://');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(resolveOpsToken(undefined, 'memory://')).not.toBe(first);
    expect(readStoredOpsToken('memory://')).toBeUndefined();
  });

  it('compares tokens whatever their length', () => {
    expect(opsTokenMatches(OPS_TOKEN, OPS_TOKEN)).toBe(true);
    expect(opsTokenMatches('short', OPS_TOKEN)).toBe(false);
    expect(opsTokenMatches(`${OPS_TOKEN}x`, OPS_TOKEN)).toBe(false);
    expect(opsTokenMatches(undefined, OPS_TOKEN)).toBe(false);
  });
});

describe('operator commands', () => {
  it('lists tasks newest first, with client and driver, optionally by status', async () => {
    const client = await insertClient(db(), { firstname: 'Bisi' });
    const driver = await insertDriver(db(), YABA, 'Emeka');
    const older = await insertTask(db(), client, { createdAt: new Date(Date.now() - 60_000) });
    const newer = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver });

    const all = await ops.listTasks(db());
    expect(all.map((task) => task.id)).toEqual([newer, older]);
    expect(all[0]).toMatchObject({
      status: 'driver-assigned',
      serviceName: 'Household Waste Pickup',
      type: 'household',
      amount: 1500,
      unit: 'per pickup',
      codeEntered: false,
      client: { id: client, name: 'Bisi Test' },
      driver: { id: driver, name: 'Emeka Driver', phone: '+2348020000000' },
    });
    expect(all[1].driver).toBeNull();
    expect(typeof all[0].datetime).toBe('string');
    expect((await ops.listTasks(db(), { status: 'pending' })).map((task) => task.id)).toEqual([older]);
    await expectOpsError(
      ops.listTasks(db(), { status: 'done' }),
      'invalid',
      /Unknown status "done": use one of pending, driver-assigned/,
    );
  });

  it('lists drivers with their position and how many tasks they are on', async () => {
    const client = await insertClient(db());
    const busy = await insertDriver(db(), YABA, 'Emeka');
    await insertDriver(db(), IKEJA, 'Ibrahim');
    await insertTask(db(), client, { status: 'on-going', driverId: busy });
    await insertTask(db(), client, { status: 'completed', driverId: busy });
    const drivers = await ops.listDrivers(db());
    expect(drivers.map((driver) => [driver.firstname, driver.activeTasks])).toEqual([
      ['Emeka', 1],
      ['Ibrahim', 0],
    ]);
    expect(drivers[0]).toMatchObject({ lat: YABA.lat, lng: YABA.lng, phone: '+2348020000000' });
  });

  it('assign gives a task a driver and makes it driver-assigned; ids may be shortened to a unique prefix', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), YABA);
    const task = await insertTask(db(), client);
    const assigned = await ops.assignDriver(deps(), task.slice(0, 8), driver.slice(0, 6), CLI);
    expect(assigned).toMatchObject({ id: task, status: 'driver-assigned', driver: { id: driver } });
  });

  it('assign refuses unknown ids, too short prefixes and finished tasks', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), YABA);
    const task = await insertTask(db(), client);
    await expectOpsError(
      ops.assignDriver(deps(), 'no-such-task', driver, CLI),
      'not-found',
      /No task with id "no-such-task"/,
    );
    await expectOpsError(
      ops.assignDriver(deps(), task, 'no-such-driver', CLI),
      'not-found',
      /No driver with id "no-such-driver"/,
    );
    await expectOpsError(ops.assignDriver(deps(), task.slice(0, 3), driver, CLI), 'not-found', /No task/);
    const done = await insertTask(db(), client, { status: 'completed', driverId: driver });
    await expectRefused(ops.assignDriver(deps(), done, driver, CLI), 409, 'This task is completed already');
    const cancelled = await insertTask(db(), client, { status: 'cancelled' });
    await expectRefused(ops.assignDriver(deps(), cancelled, driver, CLI), 409, 'This task is cancelled');
  });

  it('status sets one of the five statuses; pending drops the driver; driver statuses need a driver', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), YABA);
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver });
    expect((await ops.moveTaskTo(deps(), task, 'on-going', CLI)).task.status).toBe('on-going');
    // On the way, the task does not go back to 'driver-assigned' (pending takes the driver off).
    const back = await ops.moveTaskTo(deps(), task, 'driver-assigned', CLI).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(back).toBeInstanceOf(TaskRefused);
    expect(back).toMatchObject({ status: 409 });
    const pending = await ops.moveTaskTo(deps(), task, 'pending', CLI);
    expect(pending.task).toMatchObject({ status: 'pending', driver: null });
    await expectOpsError(ops.moveTaskTo(deps(), task, 'on-going', CLI), 'invalid', /has no driver: assign one first/);
    expect((await ops.moveTaskTo(deps(), task, 'cancelled', CLI)).task.status).toBe('cancelled');
    await expectOpsError(ops.moveTaskTo(deps(), task, 'in-progress', CLI), 'invalid', /Unknown status "in-progress"/);
    await expectOpsError(ops.moveTaskTo(deps(), 'missing-task', 'completed', CLI), 'not-found', /No task with id/);
  });

  it('move sets a driver position; latitude and longitude are validated', async () => {
    const driver = await insertDriver(db(), YABA);
    const moved = await ops.moveDriver(db(), driver, IKEJA.lat, IKEJA.lng);
    expect(moved).toMatchObject({ id: driver, lat: IKEJA.lat, lng: IKEJA.lng });
    await expectOpsError(ops.moveDriver(db(), driver, 91, 3.3), 'invalid', /lat must be between -90 and 90/);
    await expectOpsError(ops.moveDriver(db(), driver, 6.5, -181), 'invalid', /lng must be between -180 and 180/);
    await expectOpsError(ops.moveDriver(db(), driver, Number.NaN, 3.3), 'invalid', /lat must be a number/);
    await expectOpsError(
      ops.moveDriver(db(), 'ghost-driver', 6.5, 3.3),
      'not-found',
      /No driver with id "ghost-driver"/,
    );
  });

  it('add-driver adds a driver; names, phone and position are validated', async () => {
    const driver = await ops.addDriver(db(), {
      firstname: ' Bola ',
      lastname: 'Ahmed',
      phone: '+2348090001111',
      ...IKEJA,
    });
    expect(driver).toMatchObject({
      firstname: 'Bola',
      lastname: 'Ahmed',
      phone: '+2348090001111',
      activeTasks: 0,
      ...IKEJA,
    });
    expect((await ops.listDrivers(db())).map((item) => item.id)).toEqual([driver.id]);
    await expectOpsError(
      ops.addDriver(db(), { firstname: '', lastname: 'Ahmed', phone: '+2348090001111', ...IKEJA }),
      'invalid',
      /firstname is required/,
    );
    await expectOpsError(
      ops.addDriver(db(), { firstname: 'Bola', lastname: 'Ahmed', phone: 'call me', ...IKEJA }),
      'invalid',
      /phone must be a phone number/,
    );
    await expectOpsError(
      ops.addDriver(db(), { firstname: 'Bola', lastname: 'Ahmed', phone: '+2348090001111', lat: 100, lng: 3 }),
      'invalid',
      /lat must be between/,
    );
  });
});

describe('the referral reward', () => {
  it("is credited once, when the referred client's first task completes, and turns the referrer's notification on", async () => {
    const referrer = await insertClient(db(), { firstname: 'Ngozi' });
    const referred = await insertClient(db(), { referredBy: referrer });
    const driver = await insertDriver(db(), YABA);
    const first = await insertTask(db(), referred, { status: 'on-going', driverId: driver });
    const second = await insertTask(db(), referred, { status: 'on-going', driverId: driver });
    expect(await user(referrer)).toEqual({ balance: 0, notification: false, rewarded: false });

    const change = await ops.moveTaskTo(deps(), first, 'completed', CLI);
    expect(change.referralReward).toEqual({ referrerId: referrer, amount: 500 });
    expect(await user(referrer)).toMatchObject({ balance: 500, notification: true });
    expect((await user(referred)).rewarded).toBe(true);

    expect((await ops.moveTaskTo(deps(), second, 'completed', CLI)).referralReward).toBeNull();
    // A completed task never moves back, nor is it completed again: nothing more is rewarded.
    await expectRefused(ops.moveTaskTo(deps(), first, 'on-going', CLI), 409, 'This task cannot be started any more');
    await expectRefused(ops.moveTaskTo(deps(), first, 'completed', CLI), 409, 'This task is completed already');
    expect((await user(referrer)).balance).toBe(500);
  });

  it('is only for the first completed task: a client who already completed one earns the referrer nothing', async () => {
    const referrer = await insertClient(db());
    const referred = await insertClient(db(), { referredBy: referrer });
    const driver = await insertDriver(db(), YABA);
    await insertTask(db(), referred, { status: 'completed', driverId: driver });
    const later = await insertTask(db(), referred, { status: 'on-going', driverId: driver });
    expect((await ops.moveTaskTo(deps(), later, 'completed', CLI)).referralReward).toBeNull();
    expect(await user(referrer)).toEqual({ balance: 0, notification: false, rewarded: false });
  });

  it('is not given for a client without a referrer, and other statuses give nothing', async () => {
    const loner = await insertClient(db());
    const referrer = await insertClient(db());
    const referred = await insertClient(db(), { referredBy: referrer });
    const driver = await insertDriver(db(), YABA);
    const own = await insertTask(db(), loner, { status: 'on-going', driverId: driver });
    expect((await ops.moveTaskTo(deps(), own, 'completed', CLI)).referralReward).toBeNull();
    // No reward; the dot is on for the loner's own task, which was completed (the bell tells it).
    expect(await user(loner)).toEqual({ balance: 0, notification: true, rewarded: false });
    const cancelled = await insertTask(db(), referred, { status: 'on-going', driverId: driver });
    await ops.moveTaskTo(deps(), cancelled, 'cancelled', CLI);
    expect((await user(referrer)).balance).toBe(0);
  });

  it('uses the configured amount (REFERRAL_REWARD) through the API', async () => {
    const referrer = await insertClient(db());
    const referred = await insertClient(db(), { referredBy: referrer });
    const task = await insertTask(db(), referred, { status: 'on-going', driverId: await insertDriver(db(), YABA) });
    const response = await server.request('POST', `/ops/tasks/${task}/status`, {
      headers: { 'X-Ops-Token': OPS_TOKEN },
      body: { status: 'completed' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.referralReward).toEqual({
      referrerId: referrer,
      amount: koboToNaira(server.deps.config.referralRewardKobo),
    });
    expect((await user(referrer)).balance).toBe(500);
  });
});

describe('the ops HTTP API', () => {
  const auth = { 'X-Ops-Token': OPS_TOKEN };

  it('answers 401 without the X-Ops-Token header or with a wrong one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'X-Ops-Token': 'wrong' },
      { 'X-Ops-Token': `${OPS_TOKEN.slice(0, -1)}X` },
      { Authorization: `Bearer ${OPS_TOKEN}` },
    ];
    for (const headers of attempts) {
      const list = await server.request('GET', '/ops/tasks', { headers });
      expect(list.status).toBe(401);
      expect(list.body.message).toMatch(/ops token|X-Ops-Token/i);
      const add = await server.request('POST', '/ops/drivers', {
        headers,
        body: { firstname: 'A', lastname: 'B', phone: '+2348000000000', ...YABA },
      });
      expect(add.status).toBe(401);
    }
    expect(await ops.listDrivers(db())).toEqual([]);
  });

  it('every operator endpoint needs the token; an unknown /ops path is a plain 404', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/ops/tasks'],
      ['GET', '/ops/drivers'],
      ['POST', '/ops/drivers', {}],
      ['POST', '/ops/tasks/some-task/assign', { driverId: 'x' }],
      ['POST', '/ops/tasks/some-task/status', { status: 'completed' }],
      ['PUT', '/ops/drivers/some-driver/location', YABA],
    ];
    for (const [method, path, body] of calls)
      expect((await server.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
    expect(await server.request('GET', '/ops/nothing', { headers: auth })).toMatchObject({
      status: 404,
      body: { message: 'Not found' },
    });
  });

  it('GET /ops/tasks and /ops/drivers answer { data: [...] }; a bad status filter is a 400', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), YABA);
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver });
    const tasks = await server.request('GET', '/ops/tasks?status=driver-assigned', { headers: auth });
    expect(tasks.status).toBe(200);
    expect(tasks.body.data).toEqual([
      expect.objectContaining({ id: task, status: 'driver-assigned', driver: expect.objectContaining({ id: driver }) }),
    ]);
    const drivers = await server.request('GET', '/ops/drivers', { headers: auth });
    expect(drivers.body.data).toEqual([expect.objectContaining({ id: driver, activeTasks: 1, lat: YABA.lat })]);
    const bad = await server.request('GET', '/ops/tasks?status=bogus', { headers: auth });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: expect.stringMatching(/Unknown status "bogus"/) });
  });

  it('POST /ops/tasks/:id/assign: 200 with the task, 400 bad body, 404 unknown task or driver', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), YABA);
    const task = await insertTask(db(), client);
    const missing = await server.request('POST', `/ops/tasks/${task}/assign`, { headers: auth, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: 'driverId is required' } });
    const notJson = await server.request('POST', `/ops/tasks/${task}/assign`, { headers: auth, rawBody: '{oops' });
    expect(notJson).toMatchObject({ status: 400, body: { message: 'Request body must be valid JSON' } });
    expect(
      (await server.request('POST', '/ops/tasks/nope/assign', { headers: auth, body: { driverId: driver } })).status,
    ).toBe(404);
    const unknownDriver = await server.request('POST', `/ops/tasks/${task}/assign`, {
      headers: auth,
      body: { driverId: 'nobody' },
    });
    expect(unknownDriver).toMatchObject({ status: 404, body: { message: 'No driver with id "nobody"' } });
    const ok = await server.request('POST', `/ops/tasks/${task}/assign`, { headers: auth, body: { driverId: driver } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: task, status: 'driver-assigned', driver: { id: driver } });
  });

  it('POST /ops/tasks/:id/status: 200 with { task, referralReward }, 400 bad status, 404 unknown task', async () => {
    const client = await insertClient(db());
    const task = await insertTask(db(), client, {
      status: 'driver-assigned',
      driverId: await insertDriver(db(), YABA),
    });
    const bad = await server.request('POST', `/ops/tasks/${task}/status`, { headers: auth, body: { status: 'done' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Unknown status "done"/);
    expect((await server.request('POST', `/ops/tasks/${task}/status`, { headers: auth, body: {} })).body).toEqual({
      message: 'status is required',
    });
    expect(
      (await server.request('POST', '/ops/tasks/unknown/status', { headers: auth, body: { status: 'cancelled' } }))
        .status,
    ).toBe(404);
    const ok = await server.request('POST', `/ops/tasks/${task}/status`, {
      headers: auth,
      body: { status: 'on-going' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({
      task: expect.objectContaining({ id: task, status: 'on-going' }),
      referralReward: null,
      pointsEarned: null,
    });
  });

  it('PUT /ops/drivers/:id/location and POST /ops/drivers validate their input', async () => {
    const driver = await insertDriver(db(), YABA);
    expect(
      (await server.request('PUT', `/ops/drivers/${driver}/location`, { headers: auth, body: { lat: 200, lng: 3 } }))
        .status,
    ).toBe(400);
    expect(
      (await server.request('PUT', `/ops/drivers/${driver}/location`, { headers: auth, body: { lat: '6.5', lng: 3 } }))
        .status,
    ).toBe(400);
    expect((await server.request('PUT', '/ops/drivers/ghost/location', { headers: auth, body: IKEJA })).status).toBe(
      404,
    );
    const moved = await server.request('PUT', `/ops/drivers/${driver}/location`, { headers: auth, body: IKEJA });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: driver, ...IKEJA });

    const badPhone = await server.request('POST', '/ops/drivers', {
      headers: auth,
      body: { firstname: 'Kemi', lastname: 'Ade', phone: 'x', ...YABA },
    });
    expect(badPhone.status).toBe(400);
    const added = await server.request('POST', '/ops/drivers', {
      headers: auth,
      body: { firstname: 'Kemi', lastname: 'Ade', phone: '+2348091234567', ...YABA },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      id: expect.any(String),
      firstname: 'Kemi',
      lastname: 'Ade',
      activeTasks: 0,
    });
  });
});

describe('the ops CLI', () => {
  const env = (extra: Record<string, string> = {}) => cli.env(extra);

  it('runs commands through the running server and prints tables', async () => {
    const client = await insertClient(db(), { firstname: 'Funke' });
    const driver = await insertDriver(db(), YABA, 'Emeka');
    const task = await insertTask(db(), client);
    const { output, io } = captureOutput();
    expect(
      await runCli(['assign', task.slice(0, 8), driver.slice(0, 8)], {
        env: env(),
        ...io,
        openDatabase: noDirectDatabase,
      }),
    ).toBe(0);
    expect(output.out.join('\n')).toMatch(/is driver-assigned: driver Emeka Driver/);
    expect(
      await runCli(['tasks', '--status', 'driver-assigned'], { env: env(), ...io, openDatabase: noDirectDatabase }),
    ).toBe(0);
    const table = output.out.at(-1)!;
    expect(table.split('\n')[0]).toMatch(/^ID\s+STATUS\s+SERVICE\s+AMOUNT\s+CLIENT\s+DRIVER/);
    expect(table).toContain(task.slice(0, 8));
    expect(table).toContain('₦1,500.00');
    // It says where it worked, on the error output (the table stays clean for a pipe).
    expect(new Set(output.err)).toEqual(
      new Set([expect.stringMatching(/^\(through the server at http:\/\/127\.0\.0\.1:\d+\)$/)]),
    );
  });

  it('a name holding line or paragraph separators or direction controls prints none of them, in a table or in --json', async () => {
    const name = 'Ada\u2028FAKE LINE\u2029\u202eevil\u2066\u200f\u061c';
    const client = await insertClient(db(), { firstname: name });
    await insertTask(db(), client);
    const { output, io } = captureOutput();
    const run = (args: string[]) => runCli(args, { env: env(), ...io, openDatabase: noDirectDatabase });
    const LAYOUT = /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
    expect(await run(['tasks'])).toBe(0);
    const table = output.out.at(-1)!;
    expect(table).toContain('Ada FAKE LINE evil');
    expect(table).not.toMatch(LAYOUT);
    expect(await run(['tasks', '--json'])).toBe(0);
    const json = output.out.at(-1)!;
    expect(json).not.toMatch(LAYOUT);
    // Escaped, not dropped: the JSON still holds the name exactly.
    expect(json).toContain('Ada\\u2028FAKE LINE\\u2029\\u202eevil');
    const tasks = JSON.parse(json) as Array<{ client: { name: string } }>;
    expect(tasks[0]!.client.name).toContain(name);
  });

  it('fails with a hint when the server refuses the token', async () => {
    const { output, io } = captureOutput();
    expect(await runCli(['drivers'], { env: env({ OPS_TOKEN: 'wrong' }), ...io, openDatabase: noDirectDatabase })).toBe(
      1,
    );
    expect(output.err.join('\n')).toMatch(/Invalid ops token: set OPS_TOKEN/);
  });

  it('refuses with a clear message when neither a server nor the data folder is there, and makes no folder', async () => {
    const missing = join(tmpdir(), `greenpick-no-data-${Date.now()}`);
    const { output, io } = captureOutput();
    const code = await runCli(['add-operator', 'ops@greenpick.ng', 'admin'], {
      env: { HOST: '127.0.0.1', PORT: String(await refusedPort()), DATA_DIR: missing },
      ...io,
    });
    expect(code).toBe(1);
    expect(output.err.join('\n')).toMatch(
      /^No server answers at http:\/\/127\.0\.0\.1:\d+, and there is no data folder at .*greenpick-no-data-\d+\. Start the server/,
    );
    expect(existsSync(missing)).toBe(false);
  });

  it('opens the database itself when no server answers (connection refused)', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), YABA);
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver });
    let closed = false;
    const { output, io } = captureOutput();
    const code = await runCli(['status', task, 'on-going', '--json'], {
      env: env({ PORT: String(await refusedPort()) }),
      ...io,
      openDatabase: async () => ({
        db: db(),
        close: async () => {
          closed = true;
        },
      }),
    });
    expect(code).toBe(0);
    expect(output.err.join('\n')).toMatch(/no server at http:\/\/127\.0\.0\.1:\d+: working on the database/);
    expect(JSON.parse(output.out[0])).toMatchObject({ task: { id: task, status: 'on-going' }, referralReward: null });
    expect(closed).toBe(true);
  });

  it("complete <taskId> --kg N records a recycling task's weight and says what the client earned", async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), YABA);
    const task = await insertTask(db(), client, { status: 'on-going', driverId: driver });
    // Booked per kg (only such a task is weighed), 4.5 kg: a completion collects at most what was booked.
    await db().query(
      "update tasks set type = 'recycling', service_name = 'Recycling Collection', unit = 'per kg', quantity = 4.5 where id = $1",
      [task],
    );
    const { output, io } = captureOutput();
    const run = (args: string[]) => runCli(args, { env: env(), ...io, openDatabase: noDirectDatabase });
    expect(await run(['complete', task.slice(0, 8), '--kg', 'heavy'])).toBe(1);
    expect(output.err.at(-1)).toMatch(/kg must be a number/);
    expect(await run(['status', task.slice(0, 8), 'on-going', '--kg', '3'])).toBe(2);
    expect(await run(['complete', task.slice(0, 8), '--kg=4.5'])).toBe(0);
    expect(output.out.at(-1)).toMatch(/is now completed\.\nThe client earned 45\.00 recycle tokens \(4\.5 kg\)\./);
  });

  it('reports errors and usage with a non-zero exit code', async () => {
    const { output, io } = captureOutput();
    expect(await runCli(['status', 'unknown-task', 'completed'], { env: env(), ...io })).toBe(1);
    expect(output.err.at(-1)).toBe('No task with id "unknown-task"');
    expect(await runCli(['move', 'abcd', '6.5', 'east'], { env: env(), ...io, openDatabase: noDirectDatabase })).toBe(
      1,
    );
    expect(output.err.at(-1)).toMatch(/lng must be a number/);
    expect(await runCli(['assign', 'only-one-id'], { env: env(), ...io })).toBe(2);
    expect(output.err.at(-1)).toBe('Usage: npm run ops -- assign <taskId> <driverId>');
    expect(await runCli(['launch'], { env: env(), ...io })).toBe(2);
    expect(output.err.at(-1)).toMatch(/^Unknown command "launch"/);
    expect(await runCli(['tasks', '--colour'], { env: env(), ...io })).toBe(2);
    expect(await runCli(['help'], { env: env(), ...io })).toBe(0);
    expect(output.out.at(-1)).toMatch(/add-driver <firstname> <lastname> <phone> <lat> <lng>/);
  });
  it('add-driver prints a one-time password the driver signs in with (through the server)', async () => {
    const { output, io } = captureOutput();
    expect(
      await runCli(['add-driver', 'Bola', 'Ade', '0803 111 2222', '6.5', '3.37'], {
        env: env(),
        ...io,
        openDatabase: noDirectDatabase,
      }),
    ).toBe(0);
    const printed = output.out.join('\n');
    const password = /^password: ([a-z2-9]{10})$/m.exec(printed)?.[1];
    expect(password).toBeDefined();
    const login = await server.request('POST', '/driver/login', { body: { phone: '08031112222', password } });
    expect(login.status).toBe(200);
    const first = await server.request('POST', '/driver/offers', { token: login.body.data, body: {} });
    expect(first.body.message).toBe('Change your password first');
  });

  it('add-driver takes a vehicle and a plate; support lists requests, reply answers one (through the server)', async () => {
    const { output, io } = captureOutput();
    const run = (args: string[]) => runCli(args, { env: env(), ...io, openDatabase: noDirectDatabase });
    expect(
      await run([
        'add-driver',
        'Emeka',
        'Nwosu',
        '+2348052140917',
        '6.5',
        '3.37',
        'Toyota Hiace, white',
        'kja-123xy',
        '--json',
      ]),
    ).toBe(0);
    const driver = JSON.parse(output.out.at(-1)!);
    expect(driver).toMatchObject({
      vehicle: 'Toyota Hiace, white',
      plate: 'KJA-123XY',
      photoUrl: `/driver/photo/${driver.id}`,
    });
    expect(
      await run(['add-driver', 'A', 'B', '+2348052140917', '6.5', '3.37', 'Bus', 'P1', 'https://x.ng/a.jpg', 'extra']),
    ).toBe(2);

    const client = await insertClient(db(), { firstname: 'Funke' });
    const task = await insertTask(db(), client);
    await db().query(
      `insert into support_requests (id, user_id, task_id, category, text) values ('req-12345', $1, $2, 'pickup', 'Nobody came')`,
      [client, task],
    );
    expect(await run(['support'])).toBe(0);
    expect(output.out.at(-1)).toMatch(/req-1234 .*pickup.*Nobody came.*\(not answered\)/);
    expect(await run(['reply', 'req-1234', 'A driver comes at 3 pm'])).toBe(0);
    expect(output.out.at(-1)).toMatch(/answered: Funke .* sees it in the bell/);
    expect(await run(['support'])).toBe(0);
    expect(output.out.at(-1)).toBe('No support requests waiting for a response.');
    expect(await run(['reply', 'req-1234', 'again'])).toBe(1);
    expect(output.err.at(-1)).toMatch(/answered already/);
  });
});
