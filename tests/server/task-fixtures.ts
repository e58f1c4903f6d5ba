/**
 * Shared set-up for the task, payment, chat and driver tests. Clients are inserted straight
 * into the database with a signed token (no sign-up/login round trip, so these tests do not
 * depend on the auth routes or trip their per-address login rate limit).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { CreateTaskRequest, Task } from '../../src/shared/contract';
import { nairaToKobo } from '../../src/shared/money';
import type { PaymentVerifier } from '../../server/payments/verifier';
import { TRACKERS_KEY, publishInvalidation } from '../../server/db/poll-cache';
import { createTestServer, type TestServer } from './harness';

export interface TestClient {
  id: string;
  token: string;
  email: string;
}

let counter = 0;
const unique = () => {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
};

export async function insertClient(server: TestServer): Promise<TestClient> {
  const id = randomUUID();
  const email = `fixture-${unique()}@example.ng`;
  await server.deps.db.query(
    `insert into users (id, email, password_hash, firstname, lastname, phonenumber, referral_code)
     values ($1, $2, 'not-a-real-hash', 'Ada', 'Obi', '+2348012345678', $3)`,
    [id, email, `REF${unique()}`.toUpperCase()],
  );
  return { id, email, token: await server.deps.tokens.sign(id) };
}

export interface ServerWithTwoClients {
  server: TestServer;
  client: TestClient;
  other: TestClient;
}

/**
 * A fresh test server for the calling file, started before its tests and closed after them,
 * with two clients in its database: `client`, who acts, and `other`, a stranger to client's
 * tasks and payments. `started` hands them to the file's variables.
 */
export function serverWithTwoClients(started: (them: ServerWithTwoClients) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await createTestServer();
    const them = { server, client: await insertClient(server), other: await insertClient(server) };
    started(them);
  });
  afterAll(() => server?.close());
}

export const newReference = () => `${Date.now()}-${unique()}`;

/** Pays through the local test checkout (POST /dev/payments); amount in naira. */
export async function payReference(
  server: TestServer,
  client: TestClient,
  naira: number,
  reference = newReference(),
): Promise<string> {
  const response = await server.request('POST', '/dev/payments', {
    token: client.token,
    body: { reference, amount: nairaToKobo(naira), email: client.email },
  });
  if (response.status !== 201)
    throw new Error(`test payment failed: ${response.status} ${JSON.stringify(response.body)}`);
  return reference;
}

/** A household pickup in Lagos (1500 naira per pickup in the seeded price list). */
export function taskBody(client: TestClient, overrides: Partial<CreateTaskRequest> = {}): CreateTaskRequest {
  return {
    address: '12 Admiralty Way, Lekki, Lagos',
    location: { type: 'Point', coordinates: [3.4723, 6.4474] },
    amount: 1500,
    unit: 'per pickup',
    user: client.id,
    reference: newReference(),
    type: 'household',
    serviceName: 'Household Waste Pickup',
    ...overrides,
  };
}

/** POST /client/create as `who`: the raw answer, so a test can check a refusal as well. */
export const submitTask = (server: TestServer, who: TestClient, body: object) =>
  server.request('POST', '/client/create', { token: who.token, body });

/** Pays `body.amount` for `body.reference`, then submits the task: the raw answer. */
export async function payAndSubmitTask(server: TestServer, client: TestClient, body: CreateTaskRequest) {
  await payReference(server, client, body.amount, body.reference);
  return submitTask(server, client, body);
}

export async function createPaidTask(
  server: TestServer,
  client: TestClient,
  overrides: Partial<CreateTaskRequest> = {},
): Promise<Task> {
  const response = await payAndSubmitTask(server, client, taskBody(client, overrides));
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** A demo driver (the simulator drives only those, and only while no one has signed in as them). */
export async function insertDriver(server: TestServer, at: [number, number] = [3.3792, 6.5244]): Promise<string> {
  const id = randomUUID();
  await server.deps.db.query(
    `insert into drivers (id, firstname, lastname, phone, lng, lat, location_updated_at, demo)
     values ($1, 'Musa', 'Bello', '+2348098765432', $2, $3, '2030-01-02T03:04:05.678Z', true)`,
    [id, at[0], at[1]],
  );
  return id;
}

export async function assignDriver(
  server: TestServer,
  taskId: string,
  driverId: string,
  status = 'driver-assigned',
): Promise<void> {
  // As the server's own writes do: who may follow the driver changed (server/db/poll-cache.ts).
  await server.deps.db.transaction(async (tx) => {
    await tx.query('update tasks set driver_id = $2, status = $3 where id = $1', [taskId, driverId, status]);
    await publishInvalidation(tx, [TRACKERS_KEY]);
  });
}

export async function count(server: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await server.deps.db.query<{ n: number | string }>(
    `select count(*) as n from (${sql}) counted`,
    params,
  );
  return Number(row.n);
}

/** Runs `work` with another payment verifier in place of the server's own (the test ledger). */
export async function withVerifier<T>(
  server: TestServer,
  verifier: PaymentVerifier,
  work: () => Promise<T>,
): Promise<T> {
  const original = server.deps.payments;
  server.deps.payments = verifier;
  try {
    return await work();
  } finally {
    server.deps.payments = original;
  }
}

/**
 * The server's verifier, held until `parties` requests are all verifying: concurrent
 * duplicates then really pass every check before any of them writes (a true race).
 */
export function barrierVerifier(server: TestServer, parties: number): PaymentVerifier {
  const inner = server.deps.payments;
  let waiting = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  return {
    kind: inner.kind,
    async verify(reference) {
      waiting += 1;
      if (waiting === parties) release();
      await allArrived;
      return inner.verify(reference);
    },
  };
}
