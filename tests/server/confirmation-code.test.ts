/**
 * The code stays with the client (issue 62, item 3): no operator role, nor the CLI token,
 * receives a task's confirmation code; operators see whether the driver entered it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../server/console/commands';
import { createTestServer, type TestServer } from './harness';
import { insertClient, insertDriver, insertTask } from './ops-fixtures';
import { readyOperator } from './operator-fixtures';

const OPS_TOKEN = 'confirmation-code-test-token-of-32-chars';
const CODE = '987654';
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
});
afterAll(() => server.close());

describe("the client's confirmation code", () => {
  it("reaches no operator (admin, dispatcher, support, the CLI's token); 'code entered' says whether the driver typed it", async () => {
    const db = server.deps.db;
    const userId = await insertClient(db);
    const driverId = await insertDriver(db, { lat: 6.5, lng: 3.37 }, 'Kunle', { demo: false });
    await db.query('update drivers set must_change_password = false where id = $1', [driverId]);
    const taskId = await insertTask(db, userId, { status: 'on-going', driverId });
    // At the door: the driver's completion asks for the arrival first.
    await db.query('update tasks set confirmation_code = $2, arrived_at = now() where id = $1', [taskId, CODE]);
    const tokens = [OPS_TOKEN];
    for (const role of ['admin', 'dispatcher', 'support'] as const)
      tokens.push((await readyOperator(server, role)).token);

    const seen = async () => {
      const answers: Array<{ path: string; status: number; body: unknown }> = [];
      for (const token of tokens)
        for (const path of ['/ops/tasks', '/ops/tasks?state=open', `/ops/tasks/${taskId}`, `/ops/clients/${userId}`]) {
          const answer = await server.request('GET', path, { token });
          if (answer.status === 200) answers.push({ path, status: answer.status, body: answer.body });
        }
      return answers;
    };
    const before = await seen();
    // Every role reads the board and a task, support a client too.
    expect(before.length).toBeGreaterThanOrEqual(10);
    for (const answer of before) expect(JSON.stringify(answer.body)).not.toContain(CODE);
    expect(JSON.stringify(await ops.listTasks(db))).not.toContain(CODE);
    const detail = (token: string) => server.request('GET', `/ops/tasks/${taskId}`, { token });
    expect((await detail(tokens[2]!)).body.data.codeEntered).toBe(false);

    const driverToken = await server.deps.tokens.sign(driverId, 0, 'driver');
    const done = await server.request('POST', '/driver/tasks/complete', {
      token: driverToken,
      body: { taskId, code: CODE, quantity: 1 },
    });
    expect(done.status).toBe(200);
    for (const answer of await seen()) expect(JSON.stringify(answer.body)).not.toContain(CODE);
    expect((await detail(tokens[2]!)).body.data.codeEntered).toBe(true);
    const [listed] = (await server.request('GET', '/ops/tasks', { token: tokens[1] })).body.data;
    expect(listed).toMatchObject({ id: taskId, codeEntered: true });
  });
});
