/**
 * What a task's receipt shows (POST /client/tasks/receipt and the e-mail sent when the task
 * completes): quantity x unit price, then what paid it, each on its own line: the units the plan
 * covered, the points, and the card, transfer or USSD part, adding up to the price. Prices
 * include VAT. Money is integer kobo here and naira on the wire (src/shared/money.ts).
 */
import type { Receipt } from '../../src/shared/contract';
import { formatLagosDate } from '../../src/shared/display-format';
import { koboToNaira, timesQuantity, vatInsideKobo } from '../../src/shared/money';
import { receiptNaira, receiptPaymentLines, receiptQuantityLine, vatPercent } from '../../src/shared/receipt-lines';
import { refundText, VAT_BASIS_POINTS } from '../../src/shared/task-progress';
import type { Queryable } from '../db/connection';
import { type ReceiptRow, findReceiptRow } from '../db/receipts';
import { toTaskRefund } from '../db/refunds';
import type { Logger } from '../log';
import type { Mailer } from '../notifications/mailer';

export const COMPANY = { name: 'GreenPick', supportEmail: 'support@greenpick.ng' } as const;

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
  const row = await findReceiptRow(db, taskId);
  if (!row) return undefined;
  const booked = row.quantity;
  const completed = row.status === 'completed';
  // A completed task is receipted for what was collected; any other for what was booked.
  const quantity = completed && row.delivered_quantity !== null ? row.delivered_quantity : booked;
  const uncovered = booked - row.covered_quantity;
  // Tasks from before migration 018 without a unit price: what was paid, shared over the units paid for.
  const unitPriceKobo =
    row.unit_price_kobo !== null ? row.unit_price_kobo : uncovered > 0 ? Math.round(row.amount_kobo / uncovered) : 0;
  // Each line from its own record (docs/lifecycle.md): a wrong part shows as lines that do not add up to the total.
  const coveredQuantity =
    row.covered_quantity -
    (completed ? row.covered_returned : 0) +
    (row.extra_status === 'paid' ? row.extra_covered_quantity : 0);
  const coveredKobo = timesQuantity(unitPriceKobo, coveredQuantity);
  const pointsKobo = (row.points_kobo ?? 0) - (completed ? (row.points_returned_kobo ?? 0) : 0);
  const paidKobo = row.paid_kobo ?? 0;
  const extraKobo = row.extra_paid_kobo ?? 0;
  const refundedKobo = completed ? (row.refunded_kobo ?? 0) : 0;
  const totalKobo = timesQuantity(unitPriceKobo, quantity);
  const plan = row.plan_name || 'plan';
  const receipt: Receipt = {
    company: { ...COMPANY },
    taskId: row.id,
    reference: row.reference,
    serviceName: row.service_name,
    unit: row.unit,
    quantity,
    bookedQuantity: booked,
    unitPrice: koboToNaira(unitPriceKobo),
    total: koboToNaira(totalKobo),
    covered: coveredQuantity > 0 ? { quantity: coveredQuantity, amount: koboToNaira(coveredKobo), plan } : null,
    points: koboToNaira(pointsKobo),
    paid: koboToNaira(paidKobo),
    extraPaid: koboToNaira(extraKobo),
    refunded: koboToNaira(refundedKobo),
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
    receiptQuantityLine(receipt),
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
