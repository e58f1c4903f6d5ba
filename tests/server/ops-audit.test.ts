/**
 * The audit trail from the CLI (issue 47): `npm run ops -- add-operator` prints the one-time
 * password through a running server or on the database itself, `npm run ops -- audit` prints
 * the rows, and the CLI's changes (through the server's X-Ops-Token or on the database) are
 * recorded as 'cli' with the address.
 */
import { createServer, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { runCli } from '../../server/ops/cli';
import { listAudit } from '../../server/ops/console-commands';
import { createTestServer, type TestServer } from './harness';
import { clearTasksAndDrivers, insertClient, insertDriver, insertTask } from './ops-fixtures';
import { OPERATOR_PASSWORD } from './operator-fixtures';

const OPS_TOKEN = 'ops-audit-test-token-of-at-least-32-chars';
let server: TestServer;
let http: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
  await new Promise<void>((resolve) => {
    http = serve({ fetch: createApp(server.deps).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await server.close();
});
beforeEach(() => clearTasksAndDrivers(server.deps.db));

const db = () => server.deps.db;
const env = (extra: Record<string, string> = {}) => ({
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: 'memory://',
  OPS_TOKEN,
  ...extra,
});
function capture() {
  const output = { out: [] as string[], err: [] as string[] };
  return { output, io: { out: (text: string) => output.out.push(text), err: (text: string) => output.err.push(text) } };
}
const noDirectDatabase = async () => {
  throw new Error('the database must not be opened while the server answers');
};
async function refusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const free = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}
const passwordLine = (text: string) => /^password: (\S+)$/m.exec(text)?.[1];

/** Signs in with the printed one-time password and sets a new one: the account works. */
async function signsIn(email: string, password: string) {
  const login = await server.request('POST', '/ops/login', { body: { email, password } });
  expect(login.status).toBe(200);
  const changed = await server.request('POST', '/ops/password', {
    token: login.body.data,
    body: { currentPassword: password, newPassword: OPERATOR_PASSWORD },
  });
  expect(changed.status).toBe(200);
}

describe('npm run ops -- add-operator', () => {
  it('through the running server: prints "password: <it>", the account signs in; audited as cli from its address', async () => {
    const { output, io } = capture();
    const code = await runCli(['add-operator', 'First.Admin@GreenPick.ng', 'admin'], {
      env: env(),
      ...io,
      openDatabase: noDirectDatabase,
    });
    expect(code).toBe(0);
    const printed = output.out.join('\n');
    const password = passwordLine(printed);
    expect(password).toMatch(/^[a-z2-9]{16}$/);
    await signsIn('first.admin@greenpick.ng', password!);
    const [row] = (await listAudit(db(), { limit: 100 })).filter((entry) => entry.action === 'operator.add');
    expect(row).toMatchObject({
      actor: 'cli',
      address: '127.0.0.1',
      after: { email: 'first.admin@greenpick.ng', role: 'admin' },
    });
    expect(JSON.stringify(row)).not.toContain(password!);
  });

  it('on the database when no server answers: the same, audited as cli from local', async () => {
    const { output, io } = capture();
    const code = await runCli(['add-operator', 'agent@greenpick.ng', 'support'], {
      env: env({ PORT: String(await refusedPort()) }),
      ...io,
      openDatabase: async () => ({ db: db(), close: async () => {} }),
    });
    expect(code).toBe(0);
    const password = passwordLine(output.out.join('\n'));
    expect(password).toBeDefined();
    await signsIn('agent@greenpick.ng', password!);
    const rows = (await listAudit(db(), { limit: 100 })).filter(
      (entry) => entry.after && JSON.stringify(entry.after).includes('agent@'),
    );
    expect(rows).toEqual([expect.objectContaining({ actor: 'cli', address: 'local', action: 'operator.add' })]);
  });

  it('refuses a bad role or e-mail (exit 1, a message), and a missing argument (exit 2)', async () => {
    const { output, io } = capture();
    expect(
      await runCli(['add-operator', 'x@greenpick.ng', 'root'], { env: env(), ...io, openDatabase: noDirectDatabase }),
    ).toBe(1);
    expect(output.err.at(-1)).toBe('role must be admin, dispatcher or support');
    expect(
      await runCli(['add-operator', 'not-an-email', 'admin'], { env: env(), ...io, openDatabase: noDirectDatabase }),
    ).toBe(1);
    expect(await runCli(['add-operator', 'x@greenpick.ng'], { env: env(), ...io })).toBe(2);
  });
});

describe("the CLI's changes and npm run ops -- audit", () => {
  it('each change through the server is one row naming cli; audit prints them, newest first', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), { lat: 6.5, lng: 3.37 }, 'Emeka');
    const task = await insertTask(db(), client);
    const { output, io } = capture();
    const run = (args: string[]) => runCli(args, { env: env(), ...io, openDatabase: noDirectDatabase });
    expect(await run(['assign', task, driver])).toBe(0);
    expect(await run(['status', task, 'on-going'])).toBe(0);
    expect(await run(['move', driver, '6.51', '3.38'])).toBe(0);
    expect(await run(['arrive', task])).toBe(0);
    expect(await run(['say', task, 'At the gate'])).toBe(0);
    expect(await run(['add-driver', 'Bola', 'Ade', '0803 111 2222', '6.5', '3.37'])).toBe(0);
    const points = await server.request('POST', `/ops/clients/${client}/points`, {
      headers: { 'X-Ops-Token': OPS_TOKEN },
      body: { amount: 50 },
    });
    expect(points.status).toBe(201);

    const rows = (await listAudit(db(), { limit: 100 })).filter(
      (entry) =>
        [`task:${task}`, `driver:${driver}`, `client:${client}`].includes(entry.subject) ||
        entry.action === 'driver.add',
    );
    expect(rows.map((entry) => entry.action).reverse()).toEqual([
      'task.assign',
      'task.status',
      'driver.move',
      'task.arrived',
      'task.driver-message',
      'driver.add',
      'client.points-credit',
    ]);
    expect(new Set(rows.map((entry) => entry.actor))).toEqual(new Set(['cli']));
    expect(rows.find((entry) => entry.action === 'task.status')).toMatchObject({
      before: { status: 'driver-assigned', driverId: driver },
      after: { status: 'on-going' },
    });
    expect(rows.find((entry) => entry.action === 'client.points-credit')).toMatchObject({
      before: { balance: 0 },
      after: { balance: 50, credited: 50 },
    });

    expect(await run(['audit'])).toBe(0);
    const table = output.out.at(-1)!;
    expect(table.split('\n')[0]).toMatch(/^ID\s+WHEN \(LAGOS\)\s+WHO\s+ADDRESS\s+ACTION\s+SUBJECT\s+BEFORE\s+AFTER$/);
    expect(table.indexOf('client.points-credit')).toBeLessThan(table.indexOf('task.assign'));
    expect(await run(['audit', '--json'])).toBe(0);
    expect(JSON.parse(output.out.at(-1)!)[0]).toMatchObject({ action: 'client.points-credit', actor: 'cli' });
  });

  it('a change on the database itself (no server) is recorded too', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), { lat: 6.5, lng: 3.37 });
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver });
    const { io } = capture();
    const code = await runCli(['status', task, 'on-going'], {
      env: env({ PORT: String(await refusedPort()) }),
      ...io,
      openDatabase: async () => ({ db: db(), close: async () => {} }),
    });
    expect(code).toBe(0);
    expect((await listAudit(db(), { limit: 100 })).filter((entry) => entry.subject === `task:${task}`)).toEqual([
      expect.objectContaining({ actor: 'cli', address: 'local', action: 'task.status' }),
    ]);
  });
});
