/**
 * The operators' console's journeys: operators added through the ops API as an admin would
 * (X-Ops-Token acts as one), drivers signed in and online, and paid tasks of the sizes a
 * journey needs. Every one is new and unique to its test (workers share one server).
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateTaskRequest, CreateTaskResponse, Task } from '../../src/shared/contract';
import { offeredWindows } from '../../src/shared/pickup-windows';
import type { NewClient } from './new-client';

export type Role = 'admin' | 'dispatcher' | 'support';

let counter = 0;
const unique = () => `${Date.now()}-${process.pid}-${++counter}`;

function opsHeaders(): Record<string, string> {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: the global setup gives the server an ops token');
  return { 'X-Ops-Token': token };
}

/** A passphrase an operator chooses at the first sign-in (12+ characters, not a common one). */
export const OPERATOR_PASSWORD = 'green desk passphrase 47';

/** A new operator (POST /ops/operators as the admin CLI would): e-mail and one-time password. */
export async function addOperator(
  request: APIRequestContext,
  role: Role,
): Promise<{ email: string; password: string }> {
  const email = `${role}-${unique()}@ops.greenpick.test`;
  const added = await request.post('/ops/operators', { headers: opsHeaders(), data: { email, role } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const { password } = ((await added.json()) as { data: { password: string } }).data;
  return { email, password };
}

/** An operator signed in through the API with their own password set: a token that passes every gate. */
export async function operatorToken(request: APIRequestContext, role: Role): Promise<{ email: string; token: string }> {
  const { email, password } = await addOperator(request, role);
  const login = await request.post('/ops/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const first = ((await login.json()) as { data: string }).data;
  const changed = await request.post('/ops/password', {
    headers: { Authorization: `Bearer ${first}` },
    data: { currentPassword: password, newPassword: OPERATOR_PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { email, token: ((await changed.json()) as { data: string }).data };
}

export interface OnlineDriver {
  id: string;
  name: string;
  /** The driver app's session (POST /driver/earnings, say). */
  token: string;
}

const YABA = { lat: 6.5158, lng: 3.3782 };

/** A driver of the test's own, in Yaba unless `at` says where, signed in to the driver's API and online (free: no task). */
export async function onlineDriver(
  request: APIRequestContext,
  firstname: string,
  at: { lat: number; lng: number } = YABA,
): Promise<OnlineDriver> {
  const lastname = `Test${counter + 1}`;
  const phone = `+23480${String(Date.now() + ++counter).slice(-8)}`;
  const added = await request.post('/ops/drivers', {
    headers: opsHeaders(),
    data: { firstname, lastname, phone, ...at, vehicle: 'Tricycle', plate: 'LAG 123 XY' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const body = ((await added.json()) as { data: { id?: string; password: string; driver?: { id: string } } }).data;
  const id = body.driver?.id ?? body.id ?? '';
  const login = await request.post('/driver/login', { data: { phone, password: body.password } });
  expect(login.status(), await login.text()).toBe(200);
  const first = ((await login.json()) as { data: string }).data;
  const changed = await request.post('/driver/password', {
    headers: { Authorization: `Bearer ${first}` },
    data: { currentPassword: body.password, newPassword: 'driver passphrase 47' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const token = ((await changed.json()) as { data: string }).data;
  const online = await request.post('/driver/availability', {
    headers: { Authorization: `Bearer ${token}` },
    data: { online: true },
  });
  expect(online.status(), await online.text()).toBe(200);
  return { id, name: `${firstname} ${lastname}`, token };
}

/**
 * A paid recycling pickup of `kg` kilograms (₦1,500 a kg) in Surulere. `later`: in the last
 * window offered (two weeks ahead), so dispatch offers it to no driver meanwhile (dispatch
 * offers a scheduled task 2 hours before its window): it waits on the board for an operator.
 */
/** ₦1,500 a kg, in kobo for the test ledger. */
const RECYCLING_KOBO_PER_KG = 150_000;

export async function paidRecycling(
  request: APIRequestContext,
  client: NewClient,
  kg: number,
  { later = false } = {},
): Promise<Task> {
  const reference = `ops-${unique()}`;
  const headers = { Authorization: `Bearer ${client.token}` };
  const paid = await request.post('/dev/payments', {
    headers,
    data: { reference, amount: RECYCLING_KOBO_PER_KG * kg, email: client.email },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const body: CreateTaskRequest = {
    address: '10 Adeniran Ogunsanya Street, Surulere, Lagos',
    location: { type: 'Point', coordinates: [3.3553, 6.4926] },
    // The unit price; the charge is it times the quantity.
    amount: 1500,
    user: client.user._id,
    reference,
    type: 'recycling',
    serviceName: 'Recycling Collection',
    unit: 'per kg',
    quantity: kg,
    ...(later ? { scheduledFor: offeredWindows(new Date()).at(-1) } : {}),
  };
  const created = await request.post('/client/create', { headers, data: body });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return ((await created.json()) as CreateTaskResponse).data;
}

/** The client reports a problem about a task (POST /client/support): the request's text is unique to the test. */
export async function reportProblem(request: APIRequestContext, client: NewClient, taskId: string): Promise<string> {
  const text = `The pickup was missed (${unique()})`;
  const sent = await request.post('/client/support', {
    headers: { Authorization: `Bearer ${client.token}` },
    data: { taskId, category: 'pickup', text },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  return text;
}

/** A task as the console reads it (GET /ops/tasks/:id with the ops token): its promise, for one. */
export async function opsTask(request: APIRequestContext, taskId: string): Promise<{ promiseAt: string }> {
  const answer = await request.get(`/ops/tasks/${taskId}`, { headers: opsHeaders() });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { promiseAt: string } }).data;
}

/** An admin adds or changes a service of the catalog (POST /ops/services): the app offers it without a deploy. */
export async function saveService(request: APIRequestContext, service: Record<string, unknown>): Promise<void> {
  const saved = await request.post('/ops/services', { headers: opsHeaders(), data: service });
  expect(saved.status(), await saved.text()).toBe(200);
}
