import { expect, type APIRequestContext } from '@playwright/test';
import type {
  CreateTaskResponse,
  CreateTaskRequest,
  GetMessagesResponse,
  ChatMessage,
  Task,
  TasksResponse,
} from '../../src/shared/contract';
import type { NewClient } from './new-client';

let counter = 0;

export interface TaskPlace {
  address: string;
  lat: number;
  lng: number;
}

const IKEJA: TaskPlace = { address: 'Ikeja, Lagos State, Nigeria', lat: 6.5965, lng: 3.3421 };

/** A paid Household Waste Pickup of the client's, made through the API (test ledger payment, then POST /client/create). */
const HOUSEHOLD = { type: 'household', serviceName: 'Household Waste Pickup', unit: 'per pickup' } as const;
/** Also ₦1,500 (per kg): one kg of recycling. */
export const RECYCLING = { type: 'recycling', serviceName: 'Recycling Collection', unit: 'per kg' } as const;

export { IKEJA };

export async function createPaidTask(
  request: APIRequestContext,
  client: NewClient,
  place: TaskPlace = IKEJA,
  service: Pick<CreateTaskRequest, 'type' | 'serviceName' | 'unit'> = HOUSEHOLD,
): Promise<Task> {
  counter += 1;
  const reference = `${Date.now()}-e2e${process.pid}${counter}`;
  const headers = { Authorization: `Bearer ${client.token}` };
  const paid = await request.post('/dev/payments', {
    headers,
    data: { reference, amount: 150000, email: client.email },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const body: CreateTaskRequest = {
    address: place.address,
    location: { type: 'Point', coordinates: [place.lng, place.lat] },
    amount: 1500,
    user: client.user._id,
    reference,
    ...service,
  };
  const created = await request.post('/client/create', { headers, data: body });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return ((await created.json()) as CreateTaskResponse).data;
}

/** The client's tasks as the server has them (not through the browser, so never from a cache). */
export async function tasksOnServer(request: APIRequestContext, client: NewClient): Promise<Task[]> {
  const answer = await request.post('/client/task', {
    data: { userId: client.user._id },
    headers: { Authorization: `Bearer ${client.token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as TasksResponse).data;
}

/** The task's chat as the server has it, oldest first. */
export async function messagesOnServer(
  request: APIRequestContext,
  client: NewClient,
  taskId: string,
): Promise<ChatMessage[]> {
  const answer = await request.post('/client/getMessages', {
    data: { taskId },
    headers: { Authorization: `Bearer ${client.token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as GetMessagesResponse).data.messages;
}
