/**
 * Tasks: a client's task list and task creation after a card payment. Creation is priced by
 * the server's price list, checked against the verified payment, and idempotent by payment
 * reference (the client retries a paid task until the server confirms it).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createTaskSchema, tasksSchema } from '../../src/shared/schemas/tasks';
import type { AppEnv } from '../context';
import { authenticate } from '../http/auth';
import { badRequest, conflict, forbidden } from '../http/errors';
import { readJson } from '../http/validate';
import type { Queryable } from '../db/connection';
import { claimPaymentUse, findPaymentUse } from '../db/payments';
import { isInNigeria } from '../../src/shared/geo';
import { priceForServiceKey } from '../db/pricing';
import { findTaskById, findTaskByReference, insertTask, listTasksForUser, toTask, type TaskRow } from '../db/tasks';
import { REFERENCE_ALREADY_USED, nairaToKobo, requireVerifiedPayment } from '../payments/check';

export const taskRoutes = new Hono<AppEnv>();

taskRoutes.post('/client/task', async (c) => {
  const callerId = await authenticate(c);
  const { userId } = await readJson(c, tasksSchema);
  // Any other id, known or not, is someone else's: 403 without telling which.
  if (userId !== callerId) throw forbidden('You can only view your own tasks');
  const rows = await listTasksForUser(c.var.deps.db, callerId);
  return c.json({ data: rows.map(toTask) });
});

/** The task a reference already paid for, when this user's replay; 409 when it paid for anything else. */
async function earlierUseOf(db: Queryable, reference: string, userId: string): Promise<TaskRow | undefined> {
  const use = await findPaymentUse(db, reference);
  if (!use) return undefined;
  const task = use.purpose === 'task' && use.userId === userId ? await findTaskByReference(db, reference) : undefined;
  if (!task) throw conflict(REFERENCE_ALREADY_USED);
  return task;
}

taskRoutes.post('/client/create', async (c) => {
  const { db, payments, now } = c.var.deps;
  const callerId = await authenticate(c);
  const body = await readJson(c, createTaskSchema);
  if (body.user !== callerId) throw forbidden('You can only create tasks for yourself');
  const [lng, lat] = body.location.coordinates;
  if (!isInNigeria({ lat, lng })) throw badRequest('Location must be in Nigeria');

  // A replay answers before any price or provider check: the task is already paid for.
  const replay = await earlierUseOf(db, body.reference, callerId);
  if (replay) return c.json({ data: toTask(replay) }, 200);

  const service = await priceForServiceKey(db, body.type);
  const kobo = nairaToKobo(service.price);
  if (nairaToKobo(body.amount) !== kobo) throw badRequest('Amount does not match the price of this service');
  await requireVerifiedPayment(payments, body.reference, kobo, 'Payment amount does not match the price of this service');

  const taskId = randomUUID();
  const created = await db.transaction(async (tx) => {
    // A concurrent duplicate blocks here on the reference's primary key and then loses.
    if (!(await claimPaymentUse(tx, { reference: body.reference, purpose: 'task', userId: callerId, amountKobo: kobo }))) return false;
    await insertTask(tx, {
      id: taskId,
      userId: callerId,
      reference: body.reference,
      address: body.address,
      addressDetails: body.addressDetails ?? '',
      lng,
      lat,
      datetime: now(),
      type: body.type,
      serviceName: service.serviceName,
      amount: service.price,
      unit: service.unit,
      confirmationCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
    });
    return true;
  });
  if (created) return c.json({ data: toTask((await findTaskById(db, taskId))!) }, 201);
  const winner = await earlierUseOf(db, body.reference, callerId);
  if (!winner) throw conflict(REFERENCE_ALREADY_USED);
  return c.json({ data: toTask(winner) }, 200);
});
