/**
 * Refunds above support's limit go to the admins (issue 63, docs/operations.md 'Refund
 * requests'): a support agent whose cancel is refused for its refund sends a request with the
 * reason; an admin approves it (the cancel with its full refund, `cancelWithRefund` with the
 * admin as actor) or declines it, each with a note; the client reads 'Refund awaiting approval'
 * meanwhile. Support's limits are server/console/refund-limits.ts.
 */
import { randomUUID } from 'node:crypto';
import { koboToNaira } from '../../src/shared/money';
import type { LifecycleDeps } from '../tasks/lifecycle';
import { type AuditActor, writeAudit } from '../db/audit';
import type { Db, Queryable } from '../db/connection';
import * as requests from '../db/refund-requests';
import { OpsError } from './commands';
import { cancelWithRefund } from './console-commands';
import { beyondSupportLimits } from './refund-limits';
import type { OpsRefundRequest } from '../../src/shared/ops-contract';

export type { OpsRefundRequest };

function toRequest(row: requests.RefundRequestRow): OpsRefundRequest {
  return {
    id: row.id,
    taskId: row.task_id,
    serviceName: row.service_name,
    address: row.address,
    clientName: `${row.client_firstname} ${row.client_lastname}`,
    amount: koboToNaira(row.amount_kobo),
    reason: row.reason,
    requestedBy: row.requested_by,
    requestedAt: new Date(row.requested_at).toISOString(),
    decision: row.decision,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    note: row.note,
  };
}

export async function listRefundRequests(db: Queryable): Promise<OpsRefundRequest[]> {
  return (await requests.selectRefundRequests(db)).map(toRequest);
}

/** Support asks an admin for a refund above their limit (within it they cancel themselves). */
export async function requestRefund(
  deps: { db: Db; now: () => Date; config: { supportDailyRefundLimitKobo: number } },
  taskId: string,
  reason: string,
  actor: AuditActor,
): Promise<OpsRefundRequest> {
  const { db } = deps;
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const task = await requests.lockTaskForRequest(tx, taskId);
    if (!task) throw new OpsError('not-found', `No task with id "${taskId}"`);
    if (task.status === 'cancelled' || task.status === 'completed')
      throw new OpsError('conflict', `This task is ${task.status}: there is nothing to cancel`);
    const amountKobo = task.paid_kobo;
    const caller = { role: 'support' as const, operatorId: actor.operatorId };
    const day = { now: deps.now(), dailyLimitKobo: deps.config.supportDailyRefundLimitKobo };
    if (!(await beyondSupportLimits(tx, caller, amountKobo, day)))
      throw new OpsError('invalid', 'This refund is within your limit: cancel the task yourself');
    const request = { id, taskId, amountKobo, reason, requestedBy: actor.actor, requestedById: actor.operatorId };
    if (!(await requests.insertRefundRequest(tx, request)))
      throw new OpsError('conflict', 'A refund request for this task is waiting for an admin already');
    await writeAudit(tx, actor, {
      action: 'refund.request',
      subject: `task:${taskId}`,
      after: { amount: koboToNaira(amountKobo), reason },
    });
  });
  const [made] = (await requests.selectRefundRequests(db)).filter((row) => row.id === id);
  return toRequest(made);
}

async function openRequest(tx: Queryable, id: string): Promise<requests.RefundRequestRow> {
  const row = await requests.lockOpenRefundRequest(tx, id);
  if (row) return row;
  if (await requests.refundRequestExists(tx, id)) throw new OpsError('conflict', 'This request was decided already');
  throw new OpsError('not-found', `No refund request with id "${id}"`);
}

/**
 * An admin approves: the task is cancelled with its full refund (the cancel's own audit row
 * names the admin), then the request is marked approved with the note.
 */
export async function approveRefundRequest(
  deps: LifecycleDeps & { config: { supportDailyRefundLimitKobo: number } },
  id: string,
  note: string,
  caller: { actor: AuditActor; now: Date },
): Promise<OpsRefundRequest> {
  const { db } = deps;
  const request = await db.transaction((tx) => openRequest(tx, id));
  const reason = `${request.reason} (approved by ${caller.actor.actor}: ${note})`;
  await cancelWithRefund(deps, request.task_id, reason, { role: 'admin', actor: caller.actor });
  await db.transaction(async (tx) => {
    await requests.decideRefundRequest(tx, id, { decision: 'approved', by: caller.actor.actor, note, at: caller.now });
    await writeAudit(tx, caller.actor, {
      action: 'refund.approve',
      subject: `task:${request.task_id}`,
      after: { amount: koboToNaira(request.amount_kobo), note, requestedBy: request.requested_by },
    });
  });
  return toRequest({ ...(await requests.selectRefundRequests(db)).find((row) => row.id === id)! });
}

export async function declineRefundRequest(
  db: Db,
  id: string,
  note: string,
  caller: { actor: AuditActor; now: Date },
): Promise<OpsRefundRequest> {
  await db.transaction(async (tx) => {
    const request = await openRequest(tx, id);
    await requests.decideRefundRequest(tx, id, { decision: 'declined', by: caller.actor.actor, note, at: caller.now });
    await writeAudit(tx, caller.actor, {
      action: 'refund.decline',
      subject: `task:${request.task_id}`,
      after: { amount: koboToNaira(request.amount_kobo), note, requestedBy: request.requested_by },
    });
  });
  return toRequest((await requests.selectRefundRequests(db)).find((row) => row.id === id)!);
}
