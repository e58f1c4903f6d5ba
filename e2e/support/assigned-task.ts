import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Task } from '../../src/shared/contract';
import { DashboardPage } from '../page-models/dashboard-page';
import { TaskDetailsModal } from '../page-models/task-details-modal';
import { signInWithToken } from './demo-client';
import { createPaidTask, messagesOnServer } from './paid-task';
import { signUpNewClient, type NewClient } from './new-client';

/** The operator API (server/console/ops.routes.ts) with the token the global setup gave the server. */
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
export async function createAssignedTask(
  request: APIRequestContext,
  driver = { firstname: 'Kunle', lastname: 'Adeyemi', phone: '+2348031112222' },
): Promise<AssignedTask> {
  const client = await signUpNewClient(request);
  const task = await createPaidTask(request, client, {
    address: '10 Adeniran Ogunsanya Street, Surulere, Lagos',
    ...SURULERE_TASK,
  });
  const driverId = await assignNewDriver(request, task._id, driver);
  return { client, task: { ...task, driverId, status: 'driver-assigned' }, driverId, driver };
}

/** Adds a driver in Yaba and assigns it to the task (a task booked through the screen), as an operator would. */
export async function assignNewDriver(
  request: APIRequestContext,
  taskId: string,
  driver: { firstname: string; lastname: string; phone: string; vehicle?: string; plate?: string } = {
    firstname: 'Kunle',
    lastname: 'Adeyemi',
    phone: '+2348031112222',
  },
): Promise<string> {
  const added = await request.post('/ops/drivers', { headers: opsHeaders(), data: { ...driver, ...YABA_DRIVER } });
  expect(added.status(), await added.text()).toBe(201);
  const driverId = ((await added.json()) as { data: { id: string } }).data.id;
  const assigned = await request.post(`/ops/tasks/${taskId}/assign`, { headers: opsHeaders(), data: { driverId } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return driverId;
}

/** Credits the client recycle tokens through the ops API (an exact balance for a journey). */
export async function creditPoints(request: APIRequestContext, userId: string, amount: number): Promise<void> {
  const credited = await request.post(`/ops/clients/${userId}/points`, { headers: opsHeaders(), data: { amount } });
  expect(credited.status(), await credited.text()).toBe(201);
}

/** `npm run ops -- status <taskId> <status>` (or `complete <taskId> --kg N`) through the ops API. */
export async function moveTaskTo(
  request: APIRequestContext,
  taskId: string,
  status: 'pending' | 'driver-assigned' | 'on-going' | 'completed' | 'cancelled',
  recycledKg?: number,
): Promise<void> {
  const changed = await request.post(`/ops/tasks/${taskId}/status`, {
    headers: opsHeaders(),
    data: { status, recycledKg },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

/** `npm run ops -- tasks`: the operator's (and driver's) view of a task, through the ops API. */
export async function opsTask(
  request: APIRequestContext,
  taskId: string,
): Promise<{ address: string; addressDetails: string }> {
  const listed = await request.get('/ops/tasks', { headers: opsHeaders() });
  expect(listed.status(), await listed.text()).toBe(200);
  const tasks = ((await listed.json()) as { data: { id: string; address: string; addressDetails: string }[] }).data;
  const task = tasks.find((candidate) => candidate.id === taskId);
  if (!task) throw new Error(`task ${taskId} is not in the ops listing`);
  return task;
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
export const storedMessages = messagesOnServer;

/** Signs in as the task's client and opens Task Details of the newest task from the dashboard. */
export async function openAssignedTaskDetails(page: Page, assigned: AssignedTask): Promise<TaskDetailsModal> {
  await signInWithToken(page, assigned.client.token);
  const home = await new DashboardPage(page).goto();
  await home.task(0).getByRole('button', { name: 'View Task' }).click();
  return new TaskDetailsModal(page).waitForOpen();
}
