import { expect, type APIRequestContext } from '@playwright/test';
import type { ChatMessage, CreateTaskAnswer, CreateTaskRequest, GetMessagesAnswer, Task, TestPaymentRequest } from '../../src/lib/contract';
import { signUpNewClient, type NewClient } from './new-client';

/** The operator API (server/routes/ops.ts) with the token the global setup gave the server. */
function opsHeaders(): Record<string, string> {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: the global setup gives the server an ops token');
  return { 'X-Ops-Token': token };
}

export interface Place {
  lat: number;
  lng: number;
}

export const SURULERE_TASK: Place = { lat: 6.4926, lng: 3.3553 };
export const YABA_DRIVER: Place = { lat: 6.5158, lng: 3.3782 };

export interface AssignedTask {
  client: NewClient;
  task: Task;
  driverId: string;
  driver: { firstname: string; lastname: string; phone: string };
}

/**
 * A client of its own with one paid household pickup in Surulere and a driver of its own in
 * Yaba, assigned by the operator (the demo simulator is off in the suite, so nothing moves or
 * speaks unless a test says so).
 */
export async function createAssignedTask(request: APIRequestContext, driver = { firstname: 'Kunle', lastname: 'Adeyemi', phone: '+2348031112222' }): Promise<AssignedTask> {
  const client = await signUpNewClient(request);
  const reference = `${Date.now()}-${Math.random().toString(16).slice(2, 8)}`;
  const payment: TestPaymentRequest = { reference, amount: 1500 * 100, email: client.email };
  const paid = await request.post('/dev/payments', { data: payment, headers: { Authorization: `Bearer ${client.token}` } });
  expect(paid.status(), await paid.text()).toBe(201);
  const body: CreateTaskRequest = {
    address: '10 Adeniran Ogunsanya Street, Surulere, Lagos',
    location: { type: 'Point', coordinates: [SURULERE_TASK.lng, SURULERE_TASK.lat] },
    amount: 1500,
    unit: 'per pickup',
    user: client.user._id,
    reference,
    type: 'household',
    serviceName: 'Household Waste Pickup',
  };
  const created = await request.post('/client/create', { data: body, headers: { Authorization: `Bearer ${client.token}` } });
  expect(created.status(), await created.text()).toBe(201);
  const task = ((await created.json()) as CreateTaskAnswer).data;

  const added = await request.post('/ops/drivers', { headers: opsHeaders(), data: { ...driver, ...YABA_DRIVER } });
  expect(added.status(), await added.text()).toBe(201);
  const driverId = ((await added.json()) as { data: { id: string } }).data.id;
  const assigned = await request.post(`/ops/tasks/${task._id}/assign`, { headers: opsHeaders(), data: { driverId } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { client, task: { ...task, driverId, status: 'driver-assigned' }, driverId, driver };
}

/** `npm run ops -- move <driverId> <lat> <lng>` through the ops API. */
export async function moveDriver(request: APIRequestContext, driverId: string, to: Place): Promise<void> {
  const moved = await request.put(`/ops/drivers/${driverId}/location`, { headers: opsHeaders(), data: to });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** `npm run ops -- say <taskId> <message>`: the driver writes in the chat. */
export async function driverSays(request: APIRequestContext, taskId: string, content: string): Promise<void> {
  const said = await request.post(`/ops/tasks/${taskId}/messages`, { headers: opsHeaders(), data: { content } });
  expect(said.status(), await said.text()).toBe(201);
}

/** The task's chat as the server stores it (POST /client/getMessages). */
export async function storedMessages(request: APIRequestContext, client: NewClient, taskId: string): Promise<ChatMessage[]> {
  const answer = await request.post('/client/getMessages', { data: { taskId }, headers: { Authorization: `Bearer ${client.token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as GetMessagesAnswer).data.messages;
}
