/**
 * A task's receipt as stored: the task, what paid it (the charge or ledger payment, the points
 * spent), its owner and its refund. Turned into the receipt in server/aftercare/receipt.ts.
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
}

/** The receipt's row, or undefined when nothing paid the task (neither a charge nor the plan). */
export async function findReceiptRow(db: Queryable, taskId: string): Promise<ReceiptRow | undefined> {
  const [row] = await db.query<ReceiptRow>(
    `select t.id, t.user_id, t.status, t.reference, t.service_name, t.unit, t.address, t.address_details,
            t.quantity, t.covered_quantity, t.amount_kobo, t.unit_price_kobo, t.created_at, t.completed_at,
            p.amount_kobo as paid_kobo, p.created_at as used_at, c.paid_at, c.provider, c.channel,
            l.channel as ledger_channel,
            (select -sum(amount_kobo) from points_ledger where task_id = t.id and kind = 'spent') as points_kobo,
            u.email as client_email, u.firstname as client_firstname, u.lastname as client_lastname,
            u.subscription_plan,
            r.status as refund_status, r.amount_kobo as refund_amount_kobo, r.updated_at as refund_updated_at
       from tasks t
       join users u on u.id = t.user_id
       left join payment_uses p on p.reference = t.reference and p.purpose = 'task'
       left join charges c on c.reference = t.reference
       left join test_payments l on l.reference = t.reference
       left join refunds r on r.task_id = t.id
      where t.id = $1 and (p.reference is not null or t.covered_quantity > 0)`,
    [taskId],
  );
  return row;
}
