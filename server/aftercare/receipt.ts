/**
 * What a paid task's receipt shows (GET /client/tasks/{id}/receipt and the e-mail sent when the
 * task completes). Prices include VAT; the quantity is 1 until tasks carry one (the seam is
 * `quantityOf`).
 */
import type { Receipt, TaskStatus } from '../../src/shared/contract';
import { formatLagosDate } from '../../src/shared/display-format';
import { formatNairaShort, refundText, VAT_RATE, vatIncluded } from '../../src/shared/task-progress';
import type { Queryable } from '../db/connection';
import { toTaskRefund, type RefundRow } from '../db/refunds';
import type { Log } from '../log';
import type { Mailer } from '../mail/mailer';

export const COMPANY = { name: 'GreenPick', supportEmail: 'support@greenpick.ng' } as const;

interface ReceiptRow {
  id: string;
  user_id: string;
  status: TaskStatus;
  reference: string;
  service_name: string;
  unit: string;
  amount: string | number;
  completed_at: Date | string | null;
  amount_kobo: string | number;
  used_at: Date | string;
  paid_at: Date | string | null;
  provider: 'paystack' | 'test-ledger' | null;
  client_email: string;
  client_firstname: string;
  refund_status: RefundRow['status'] | null;
  refund_amount_kobo: string | number | null;
  refund_updated_at: Date | string | null;
}

/** The quantity a task was booked for: 1 until tasks carry a quantity. */
const quantityOf = (_row: ReceiptRow) => 1;

/** A paid task's receipt with its owner's address, or undefined when the task was not paid for. */
export async function findReceipt(
  db: Queryable,
  taskId: string,
): Promise<{ receipt: Receipt; userId: string; email: string; firstname: string } | undefined> {
  const [row] = await db.query<ReceiptRow>(
    `select t.id, t.user_id, t.status, t.reference, t.service_name, t.unit, t.amount, t.completed_at,
            p.amount_kobo, p.created_at as used_at, c.paid_at, c.provider,
            u.email as client_email, u.firstname as client_firstname,
            r.status as refund_status, r.amount_kobo as refund_amount_kobo, r.updated_at as refund_updated_at
       from tasks t
       join payment_uses p on p.reference = t.reference and p.purpose = 'task'
       join users u on u.id = t.user_id
       left join charges c on c.reference = t.reference
       left join refunds r on r.task_id = t.id
      where t.id = $1`,
    [taskId],
  );
  if (!row) return undefined;
  const total = Number(row.amount_kobo) / 100;
  const quantity = quantityOf(row);
  const receipt: Receipt = {
    company: { ...COMPANY },
    taskId: row.id,
    reference: row.reference,
    serviceName: row.service_name,
    unit: row.unit,
    quantity,
    unitPrice: Math.round((total / quantity) * 100) / 100,
    total,
    vatIncluded: vatIncluded(total),
    vatRate: VAT_RATE,
    paidAt: new Date(row.paid_at ?? row.used_at).toISOString(),
    paymentMethod: row.provider === 'paystack' ? 'Card (Paystack)' : 'Test payment',
    status: row.status,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    refund:
      row.refund_status && row.refund_amount_kobo !== null && row.refund_updated_at
        ? toTaskRefund({
            status: row.refund_status,
            amount_kobo: row.refund_amount_kobo,
            updated_at: row.refund_updated_at,
          })
        : null,
  };
  return { receipt, userId: row.user_id, email: row.client_email, firstname: row.client_firstname };
}

/** The receipt as a plain-text e-mail. */
export function receiptText(receipt: Receipt, firstname: string): string {
  const lines = [
    `Hello ${firstname},`,
    '',
    `Thank you for using ${receipt.company.name}. Your ${receipt.serviceName} is done.`,
    '',
    `Reference: ${receipt.reference}`,
    `Service: ${receipt.serviceName}`,
    `${receipt.quantity} x ${formatNairaShort(receipt.unitPrice)} (${receipt.unit})`,
    `Total: ${formatNairaShort(receipt.total)}`,
    `VAT included (${receipt.vatRate * 100}%): ${formatNairaShort(receipt.vatIncluded)}`,
    `Paid on ${formatLagosDate(Date.parse(receipt.paidAt))} by ${receipt.paymentMethod}`,
  ];
  if (receipt.refund) lines.push(refundText(receipt.refund));
  lines.push('', `Questions? Write to ${receipt.company.supportEmail}.`);
  return lines.join('\n');
}

/** Mails the receipt of a completed paid task to its client; a failure is logged, never thrown. */
export async function mailReceipt(
  db: Queryable,
  services: { mailer: Mailer; log: Log },
  taskId: string,
): Promise<void> {
  try {
    const found = await findReceipt(db, taskId);
    if (!found) return;
    await services.mailer.send({
      to: found.email,
      subject: `Your ${COMPANY.name} receipt: ${found.receipt.serviceName} (${found.receipt.reference})`,
      text: receiptText(found.receipt, found.firstname),
    });
  } catch (error) {
    services.log(
      `[mail] the receipt of task ${taskId} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      'warn',
    );
  }
}
