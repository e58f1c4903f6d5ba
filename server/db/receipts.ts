/**
 * A task's receipt as stored: the task, what paid it (the charge or ledger payment, the points
 * spent), its owner and its refund. Turned into the receipt in server/tasks/receipt.ts.
 */
import type { TaskStatus } from '../../src/shared/contract';
import type { Queryable } from './connection';
import type { RefundRow } from './refunds';

export interface ReceiptRow {
  id: string;
  user_id: string;
  status: TaskStatus;
  reference: string;
  service_name: string;
  unit: string;
  address: string;
  address_details: string | null;
  quantity: number;
  covered_quantity: number;
  amount_kobo: number;
  unit_price_kobo: number | null;
  created_at: Date;
  completed_at: Date | null;
  paid_kobo: number | null;
  used_at: Date | null;
  paid_at: Date | null;
  provider: 'paystack' | 'test-ledger' | null;
  channel: string | null;
  ledger_channel: string | null;
  points_kobo: number | null;
  client_email: string;
  client_firstname: string;
  client_lastname: string;
  subscription_plan: string | null;
  refund_status: RefundRow['status'] | null;
  refund_amount_kobo: number | null;
  refund_updated_at: Date | null;
  /** Migration 026: what was collected, the plan's part given back, the plan booked under, the extra, the refunds. */
  delivered_quantity: number | null;
  covered_returned: number;
  covered_plan: string | null;
  /** The name of the plan that covered it (as bought, else as it is now); null when none is known. */
  plan_name: string | null;
  extra_covered_quantity: number;
  extra_status: string | null;
  extra_paid_kobo: number | null;
  points_returned_kobo: number | null;
  refunded_kobo: number | null;
}

/** The receipt's row, or undefined when nothing paid the task (neither a charge nor the plan). */
export async function findReceiptRow(db: Queryable, taskId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.query<ReceiptRow>(
    `select t.id, t.user_id, t.status, t.reference, t.service_name, t.unit, t.address, t.address_details,
            t.quantity, t.covered_quantity, t.amount_kobo, t.unit_price_kobo, t.created_at, t.completed_at,
            p.amount_kobo as paid_kobo, p.created_at as used_at, c.paid_at, c.provider, c.channel,
            l.channel as ledger_channel,
            (select -sum(amount_kobo) from points_ledger where task_id = t.id and kind = 'spent') as points_kobo,
            (select sum(amount_kobo) from points_ledger where task_id = t.id and kind = 'refunded') as points_returned_kobo,
            t.delivered_quantity, t.covered_returned, t.covered_plan, t.extra_covered_quantity, t.extra_status,
            (select x.amount_kobo from payment_uses x where x.reference = t.extra_reference and x.purpose = 'extra') as extra_paid_kobo,
            (select sum(f.amount_kobo) from refunds f where f.task_id = t.id and f.kind in ('weighed', 'goodwill')) as refunded_kobo,
            u.email as client_email, u.firstname as client_firstname, u.lastname as client_lastname,
            u.subscription_plan,
            coalesce(case when u.subscription_terms ->> 'key' = coalesce(t.covered_plan, u.subscription_plan)
                          then u.subscription_terms ->> 'name' end,
                     (select n.name from plans n where n.key = coalesce(t.covered_plan, u.subscription_plan))) as plan_name,
            r.status as refund_status, r.amount_kobo as refund_amount_kobo, r.updated_at as refund_updated_at
       from tasks t
       join users u on u.id = t.user_id
       left join payment_uses p on p.reference = t.reference and p.purpose = 'task'
       left join charges c on c.reference = t.reference
       left join test_payments l on l.reference = t.reference
       left join refunds r on r.reference = t.reference and r.kind in ('cancel', 'weighed')
      where t.id = $1 and (p.reference is not null or t.covered_quantity > 0)`,
    [taskId],
  );
  return row;
}
