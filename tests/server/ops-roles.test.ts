/**
 * Who may call each /ops route (issue 47): the table below is the one in docs/operations.md.
 * Every route is called by an admin, a dispatcher and a support agent (each past the one-time
 * password), a client's and a driver's token, no credentials, and the CLI's X-Ops-Token.
 * Allowed callers get past the role check (any answer but 401/403: the ids are unknown and
 * the bodies empty, so nothing changes); the others get 403, or 401 without credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../server/db/operators';
import * as ops from '../../server/console/commands';
import { createApp } from '../../server/app';
import { createTestServer, type TestServer } from './harness';
import { readyOperator } from './operator-fixtures';

const OPS_TOKEN = 'ops-roles-test-token-of-at-least-32-chars';
const A: OperatorRole = 'admin';
const D: OperatorRole = 'dispatcher';
const S: OperatorRole = 'support';

/** [method, path, the roles allowed]. */
const ROUTES: ReadonlyArray<readonly [string, string, readonly OperatorRole[]]> = [
  ['GET', '/ops/me', [A, D, S]],
  ['POST', '/ops/password', [A, D, S]],
  ['GET', '/ops/tasks', [A, D, S]],
  ['POST', '/ops/tasks/no-such-task/assign', [A, D]],
  ['POST', '/ops/tasks/no-such-task/status', [A, D]],
  ['POST', '/ops/tasks/no-such-task/arrived', [A]],
  ['POST', '/ops/tasks/no-such-task/messages', [A]],
  ['GET', '/ops/drivers', [A, D]],
  ['POST', '/ops/drivers', [A, D]],
  ['PUT', '/ops/drivers/no-such-driver/location', [A]],
  ['POST', '/ops/clients/no-such-client/points', [A]],
  ['GET', '/ops/payments', [A]],
  ['POST', '/ops/payments/no-such-reference/settle', [A]],
  ['POST', '/ops/payments/no-such-reference/honour', [A]],
  ['GET', '/ops/support', [A, S]],
  ['POST', '/ops/support/no-such-request/reply', [A, S]],
  ['GET', '/ops/tasks/no-such-task', [A, D, S]],
  ['POST', '/ops/tasks/no-such-task/cancel', [A, S]],
  ['POST', '/ops/tasks/no-such-task/complete', [A]],
  ['POST', '/ops/tasks/no-such-task/goodwill-refund', [A]],
  ['POST', '/ops/drivers/no-such-driver', [A, D]],
  ['POST', '/ops/drivers/no-such-driver/deactivate', [A, D]],
  ['POST', '/ops/drivers/no-such-driver/password', [A, D]],
  ['POST', '/ops/support/no-such-request/close', [A, S]],
  ['GET', '/ops/clients?q=nobody', [A, S]],
  ['GET', '/ops/clients/no-such-client', [A, S]],
  ['GET', '/ops/operators', [A]],
  ['POST', '/ops/operators', [A]],
  ['POST', '/ops/operators/no-such-operator/deactivate', [A]],
  ['POST', '/ops/settings/refund-limit', [A]],
  ['GET', '/ops/audit', [A]],
  ['GET', '/ops/phone-codes', [A]],
  ['GET', '/ops/shared-phones', [A, S]],
  ['POST', '/ops/tasks/no-such-task/refund-request', [A, S]],
  ['GET', '/ops/payouts', [A]],
  ['POST', '/ops/payouts/run', [A]],
  ['POST', '/ops/settings/auto-payouts', [A]],
  ['GET', '/ops/services', [A]],
  ['POST', '/ops/services', [A]],
  ['POST', '/ops/services/no-such-service/price', [A]],
  ['GET', '/ops/plans', [A]],
  ['POST', '/ops/plans', [A]],
  ['GET', '/ops/refund-requests', [A]],
  ['POST', '/ops/refund-requests/no-such-request/approve', [A]],
  ['POST', '/ops/refund-requests/no-such-request/decline', [A]],
  ['GET', '/ops/reports/daily', [A]],
  ['GET', '/ops/reports/daily.csv', [A]],
  ['POST', '/ops/drivers/no-such-driver/reactivate', [A, D]],
  ['GET', '/ops/audit.csv', [A]],
];

let server: TestServer;
const tokens: Partial<Record<OperatorRole | 'client' | 'driver', string>> = {};

beforeAll(async () => {
  server = await createTestServer({ config: { opsToken: OPS_TOKEN } });
  for (const role of [A, D, S]) tokens[role] = (await readyOperator(server, role)).token;
  tokens.client = (await server.createClient()).token;
  const driver = await ops.addDriver(server.deps.db, {
    firstname: 'Femi',
    lastname: 'Driver',
    phone: '08037776655',
    lat: 6.5,
    lng: 3.37,
  });
  tokens.driver = (
    await server.request('POST', '/driver/login', { body: { phone: driver.phone, password: driver.password } })
  ).body.data;
});
afterAll(() => server.close());

const call = (method: string, path: string, options: { token?: string; headers?: Record<string, string> }) =>
  server.request(method, path, { ...options, body: method === 'GET' ? undefined : {} });

describe.each(ROUTES)('%s %s', (method, path, allowed) => {
  it.each([A, D, S])('as %s', async (role) => {
    const answer = await call(method, path, { token: tokens[role] });
    if (allowed.includes(role)) expect([401, 403], JSON.stringify(answer.body)).not.toContain(answer.status);
    else {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Your role does not allow this');
    }
  });

  it('with a client or a driver token: 403', async () => {
    for (const token of [tokens.client, tokens.driver]) expect((await call(method, path, { token })).status).toBe(403);
  });

  it('without credentials: 401', async () => {
    expect((await call(method, path, {})).status).toBe(401);
  });

  it('with the X-Ops-Token header (the CLI, as an admin): allowed', async () => {
    const answer = await call(method, path, { headers: { 'X-Ops-Token': OPS_TOKEN } });
    expect([401, 403], JSON.stringify(answer.body)).not.toContain(answer.status);
  });
});

it('POST /ops/login takes anyone but a client or a driver token', async () => {
  for (const token of [tokens.client, tokens.driver])
    expect((await call('POST', '/ops/login', { token })).status).toBe(403);
  expect((await call('POST', '/ops/login', {})).status).toBe(400);
});

it('the table holds every /ops route the server answers (a new route needs its row)', () => {
  const shape = (method: string, path: string) =>
    `${method} ${path.replace(/\?.*$/, '').replace(/\/(:[a-z]+|no-such-[a-z-]+)/g, '/*')}`;
  const served = createApp(server.deps)
    .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/ops/'))
    .map((route) => shape(route.method, route.path));
  const tabled = [...ROUTES.map(([method, path]) => shape(method, path)), 'POST /ops/login'];
  expect(new Set(served)).toEqual(new Set(tabled));
});
