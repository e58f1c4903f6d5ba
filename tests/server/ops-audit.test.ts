/**
 * The audit trail from the CLI (issue 47): `npm run ops -- add-operator` prints the one-time
 * password through a running server or on the database itself, `npm run ops -- audit` prints
 * the rows, and the CLI's changes (through the server's X-Ops-Token or on the database) are
 * recorded as 'cli' with the address.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../server/ops/cli';
import { listAudit } from '../../server/console/console-commands';
import { type CliServer, captureOutput, noDirectDatabase, refusedPort, serverWithCli } from './cli-server';
import type { TestServer } from './harness';
import { insertClient, insertDriver, insertTask } from './ops-fixtures';
import { OPERATOR_PASSWORD } from './operator-fixtures';

const OPS_TOKEN = 'ops-audit-test-token-of-at-least-32-chars';
let server: TestServer;
let cli: CliServer;
serverWithCli(OPS_TOKEN, (started) => ({ server, cli } = started));

const db = () => server.deps.db;
const env = (extra: Record<string, string> = {}) => cli.env(extra);
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
    const { output, io } = captureOutput();
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
    const { output, io } = captureOutput();
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
    const { output, io } = captureOutput();
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
    const { output, io } = captureOutput();
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
    await db().query(
      `insert into support_requests (id, user_id, task_id, category, text) values ('req-cli-1', $1, $2, 'pickup', 'Nobody came')`,
      [client, task],
    );
    expect(await run(['reply', 'req-cli-1', 'A driver comes at 3 pm'])).toBe(0);

    const rows = (await listAudit(db(), { limit: 100 })).filter(
      (entry) =>
        [`task:${task}`, `driver:${driver}`, `client:${client}`, 'support:req-cli-1'].includes(entry.subject) ||
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
      'support.reply',
    ]);
    expect(new Set(rows.map((entry) => entry.actor))).toEqual(new Set(['cli']));
    // Setting off keeps the driver: the row says the status (the assign row before it names the driver).
    expect(rows.find((entry) => entry.action === 'task.status')).toMatchObject({
      before: { status: 'driver-assigned' },
      after: { status: 'on-going' },
    });
    expect(rows.find((entry) => entry.action === 'task.assign')).toMatchObject({
      after: { status: 'driver-assigned', driverId: driver },
    });
    expect(rows.find((entry) => entry.action === 'client.points-credit')).toMatchObject({
      before: { balance: 0 },
      after: { balance: 50, credited: 50 },
    });
    expect(rows.find((entry) => entry.action === 'support.reply')).toMatchObject({
      before: { reply: null },
      after: { reply: 'A driver comes at 3 pm' },
    });

    expect(await run(['audit'])).toBe(0);
    const table = output.out.at(-1)!;
    expect(table.split('\n')[0]).toMatch(/^ID\s+WHEN \(LAGOS\)\s+WHO\s+ADDRESS\s+ACTION\s+SUBJECT\s+BEFORE\s+AFTER$/);
    expect(table.indexOf('support.reply')).toBeLessThan(table.indexOf('task.assign'));
    expect(await run(['audit', '--json'])).toBe(0);
    expect(JSON.parse(output.out.at(-1)!)[0]).toMatchObject({ action: 'support.reply', actor: 'cli' });
  });

  it('a change on the database itself (no server) is recorded too', async () => {
    const client = await insertClient(db());
    const driver = await insertDriver(db(), { lat: 6.5, lng: 3.37 });
    const task = await insertTask(db(), client, { status: 'driver-assigned', driverId: driver });
    const { io } = captureOutput();
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
