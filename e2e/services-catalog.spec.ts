import { expect, test } from '@playwright/test';
import type { Task, TasksResponse } from '../src/shared/contract';
import { CreateTaskPage } from './page-models/create-task-page';
import { signInWithToken } from './support/demo-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { signUpNewClient } from './support/new-client';
import { saveService } from './support/operators';

/**
 * The services as data (issue 65): a service an admin adds is bookable in the client's app with
 * its own name, unit, quantity question and price, without a deploy; a new price reaches the
 * next quote and not the task booked before. The service is this test's own (workers share one server).
 */
test.use(WITHOUT_SERVICE_WORKER);

test("an admin's new service is booked at its own price and unit; a new price reaches the next quote only", async ({
  page,
  request,
}) => {
  const tag = `ash-${Date.now()}`;
  const name = `Ash Cart ${tag.slice(-6)}`;
  const service = {
    key: tag,
    serviceName: `Ash Removal ${tag.slice(-6)}`,
    name,
    price: 2500,
    unit: 'per bag',
    unitWord: 'bags',
    quantity: { min: 1, max: 20, step: 1 },
    pointsPerKg: 0,
    weighed: false,
    pickupPhoto: 'off',
    position: 900,
    active: true,
  };
  await saveService(request, service);

  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  const booking = new CreateTaskPage(page);
  await booking.bookCounted({
    service: name,
    price: '₦2,500.00',
    unit: 'per bag',
    question: 'How many bags?',
    count: 3,
    total: '7,500.00',
  });

  await saveService(request, { ...service, price: 3000 });
  await page.goto('/client/create');
  await booking.pickService(name);
  await expect(booking.fact('Price')).toHaveText('₦3,000.00');

  const answer = await request.post('/client/task', {
    data: { userId: client.user._id },
    headers: { Authorization: `Bearer ${client.token}` },
  });
  const tasks: Task[] = ((await answer.json()) as TasksResponse).data;
  expect(tasks).toHaveLength(1);
  expect(tasks[0]).toMatchObject({ type: tag, unit: 'per bag', quantity: 3, amount: 7500 });
});
