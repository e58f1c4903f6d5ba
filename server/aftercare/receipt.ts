/**
 * What a task's receipt shows (POST /client/tasks/receipt and the e-mail sent when the task
 * completes): quantity x unit price, then what paid it, each on its own line: the units the plan
 * covered, the points, and the card, transfer or USSD part, adding up to the price. Prices
 * include VAT. Money is integer kobo here and naira on the wire (src/shared/money.ts).
 */
import type { Receipt, TaskStatus } from '../../src/shared/contract';
import { formatLagosDate } from '../../src/shared/display-format';
import { koboToNaira, timesQuantity, vatInsideKobo } from '../../src/shared/money';
import { findPlan } from '../../src/shared/plans';
import { quantityText } from '../../src/shared/quantity';
import { receiptNaira, receiptPaymentLines, vatPercent } from '../../src/shared/receipt-lines';
import { refundText, VAT_BASIS_POINTS } from '../../src/shared/task-progress';
import type { Queryable } from '../db/connection';
import { toTaskRefund, type RefundRow } from '../db/refunds';
import type { Logger } from '../log';
import type { Mailer } from '../mail/mailer';

export const COMPANY = { name: 'GreenPick', supportEmail: 'support@greenpick.ng' } as const;

interface ReceiptRow {
  id: string;
  user_id: string;
  status: TaskStatus;
  reference: string;
  service_name: string;
  unit: string;
  address: string;
  address_details: string | null;
  quantity: string | number;
  covered_quantity: string | number;
  amount_kobo: string | number;
  unit_price_kobo: string | number | null;
  created_at: Date | string;
  completed_at: Date | string | null;
  paid_kobo: string | number | null;
  used_at: Date | string | null;
  paid_at: Date | string | null;
  provider: 'paystack' | 'test-ledger' | null;
  channel: string | null;
  ledger_channel: string | null;
  points_kobo: string | number | null;
  client_email: string;
  client_firstname: string;
  client_lastname: string;
  subscription_plan: string | null;
  refund_status: RefundRow['status'] | null;
  refund_amount_kobo: string | number | null;
  refund_updated_at: Date | string | null;
}

const CHANNEL_NAMES: Readonly<Record<string, string>> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  bank: 'Bank account',
  mobile_money: 'Mobile money',
  qr: 'QR code',
};

/** 'Card', 'Bank transfer', 'USSD' as the provider said; the local ledger's say they are test payments. */
function methodName(row: ReceiptRow): string {
  const channel = row.channel ?? row.ledger_channel;
  const name = channel ? (CHANNEL_NAMES[channel] ?? channel) : 'Card';
  return row.provider === 'test-ledger' || (row.provider === null && row.ledger_channel)
    ? `${name} - test payment`
    : name;
}

/** A task's receipt with its owner's address, or undefined when nothing paid it (neither a charge nor the plan). */
export async function findReceipt(
  db: Queryable,
  taskId: string,
): Promise<{ receipt: Receipt; userId: string; email: string; firstname: string } | undefined> {
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
  if (!row) return undefined;
  const quantity = Number(row.quantity);
  const coveredQuantity = Number(row.covered_quantity);
  const paidKobo = Number(row.paid_kobo ?? 0);
  const pointsKobo = Number(row.points_kobo ?? 0);
  const uncovered = quantity - coveredQuantity;
  // Tasks from before migration 018 without a unit price: what was paid, shared over the units paid for.
  const unitPriceKobo =
    row.unit_price_kobo !== null
      ? Number(row.unit_price_kobo)
      : uncovered > 0
        ? Math.round(Number(row.amount_kobo) / uncovered)
        : 0;
  // The plan paid the rest of the price: the parts add up to the total by construction.
  const lineKobo = timesQuantity(unitPriceKobo, quantity);
  const coveredKobo = coveredQuantity > 0 ? Math.max(0, lineKobo - pointsKobo - paidKobo) : 0;
  const totalKobo = coveredKobo + pointsKobo + paidKobo;
  const plan = (row.subscription_plan && findPlan(row.subscription_plan)?.name) || 'plan';
  const receipt: Receipt = {
    company: { ...COMPANY },
    taskId: row.id,
    reference: row.reference,
    serviceName: row.service_name,
    unit: row.unit,
    quantity,
    unitPrice: koboToNaira(unitPriceKobo),
    total: koboToNaira(totalKobo),
    covered: coveredQuantity > 0 ? { quantity: coveredQuantity, amount: koboToNaira(coveredKobo), plan } : null,
    points: koboToNaira(pointsKobo),
    paid: koboToNaira(paidKobo),
    vatIncluded: koboToNaira(vatInsideKobo(totalKobo, VAT_BASIS_POINTS)),
    vatRate: VAT_BASIS_POINTS / 10_000,
    paidAt: new Date(row.paid_at ?? row.used_at ?? row.created_at).toISOString(),
    paymentMethod: paidKobo > 0 ? methodName(row) : `Covered by your ${plan} plan`,
    clientName: `${row.client_firstname} ${row.client_lastname}`.trim(),
    address: row.address_details ? `${row.address} (${row.address_details.replace(/\s+/g, ' ')})` : row.address,
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
  const naira = receiptNaira;
  const lines = [
    `Hello ${firstname},`,
    '',
    `Thank you for using ${receipt.company.name}. Your ${receipt.serviceName} is done.`,
    '',
    `Reference: ${receipt.reference}`,
    `Client: ${receipt.clientName}`,
    `Pickup address: ${receipt.address}`,
    `Service: ${receipt.serviceName}`,
    `${quantityText(receipt.unit, receipt.quantity) || receipt.quantity} x ${naira(receipt.unitPrice)} (${receipt.unit}) = ${naira(receipt.total)}`,
    ...receiptPaymentLines(receipt),
    `Total: ${naira(receipt.total)}`,
    `VAT included (${vatPercent(receipt.vatRate)}): ${naira(receipt.vatIncluded)}`,
    receipt.paid > 0
      ? `Paid on ${formatLagosDate(Date.parse(receipt.paidAt))} by ${receipt.paymentMethod}`
      : `Booked on ${formatLagosDate(Date.parse(receipt.paidAt))}: ${receipt.paymentMethod}`,
  ];
  if (receipt.refund) lines.push(refundText(receipt.refund));
  lines.push('', `Questions? Write to ${receipt.company.supportEmail}.`);
  return lines.join('\n');
}

/** Mails the receipt of a completed paid task to its client; a failure is logged, never thrown. */
export async function mailReceipt(
  db: Queryable,
  services: { mailer: Mailer; log: Logger },
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
    services.log.child({ module: 'mail' }).warn({ err: error, taskId }, 'the receipt could not be sent');
  }
}
