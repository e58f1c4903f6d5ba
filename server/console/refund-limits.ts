/**
 * Support's refund limits, in one function (docs/operations.md, 'The console'): a refund above
 * the per-task limit an admin set is refused, and so is one that would take the operator's
 * refunds of the Lagos day above SUPPORT_DAILY_REFUND_LIMIT, across tasks. Admins and the CLI
 * are not limited. Runs under the task's lock in the cancel's transaction (the lifecycle's
 * `limit`), and the day's row stays locked to its end: two refunds at once, on two servers,
 * cannot both pass.
 */
import { formatNaira } from '../../src/shared/money';
import { lagosDate } from '../../src/shared/schedules';
import type { Queryable } from '../db/connection';
import { type OperatorRole, addSupportRefund, supportRefundLimitKobo, supportRefundedOn } from '../db/operators';
import { TaskRefused } from '../tasks/errors';

export const ABOVE_DAILY_REFUND_LIMIT = 'Above your daily refund limit: ask an admin';

export interface RefundCaller {
  role: OperatorRole;
  /** null for the CLI's token. */
  operatorId: string | null;
}

/**
 * Whether support's limits keep `caller` from refunding `refundKobo` themselves (per task, or what
 * is left of their day), without counting it: a refund request to an admin is then in order.
 */
export async function beyondSupportLimits(
  db: Queryable,
  caller: RefundCaller,
  refundKobo: number,
  day: { now: Date; dailyLimitKobo: number },
): Promise<boolean> {
  if (caller.role !== 'support') return false;
  if (refundKobo > (await supportRefundLimitKobo(db))) return true;
  if (caller.operatorId === null) return false;
  const spent = await supportRefundedOn(db, caller.operatorId, lagosDate(day.now.getTime()));
  return spent + refundKobo > day.dailyLimitKobo;
}

/** Why `caller` may not refund `refundKobo` now (403), or null: then it counts against their day. */
export async function refundLimitRefusal(
  tx: Queryable,
  caller: RefundCaller,
  refundKobo: number,
  day: { now: Date; dailyLimitKobo: number },
): Promise<TaskRefused | null> {
  if (caller.role !== 'support') return null;
  const limit = await supportRefundLimitKobo(tx);
  if (refundKobo > limit) return new TaskRefused(403, `Above your refund limit of ${formatNaira(limit)}`);
  if (refundKobo === 0 || caller.operatorId === null) return null;
  const counted = await addSupportRefund(tx, {
    operatorId: caller.operatorId,
    day: lagosDate(day.now.getTime()),
    kobo: refundKobo,
    limitKobo: day.dailyLimitKobo,
  });
  return counted ? null : new TaskRefused(403, ABOVE_DAILY_REFUND_LIMIT);
}
