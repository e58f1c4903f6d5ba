/**
 * A receipt's lines as the screen and the e-mail both say them: what paid the task, each part
 * on its own line (the plan's units, the points, the card/transfer/USSD part), adding up to its
 * price; amounts formatted by src/shared/money.ts.
 */
import type { Receipt } from './contract';
import { formatNaira, nairaToKobo } from './money';
import { collectedNote } from './collected';
import { quantityText } from './quantity';

/** A receipt's naira amount as people read it: '₦3,000.00'. */
export const receiptNaira = (amount: number) => formatNaira(nairaToKobo(amount));

/** '7.5%'. */
export const vatPercent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** What paid the task, one line each: 'Covered by your Bronze plan (1 kg): ₦1,000.00', 'Recycle points: ₦512.05', 'Card: ₦2,487.95'. */
export function receiptPaymentLines(receipt: Receipt): string[] {
  const lines: string[] = [];
  if (receipt.covered) {
    const units = quantityText(receipt.unit, receipt.covered.quantity) || String(receipt.covered.quantity);
    lines.push(`Covered by your ${receipt.covered.plan} plan (${units}): ${receiptNaira(receipt.covered.amount)}`);
  }
  if (receipt.points > 0) lines.push(`Recycle points: ${receiptNaira(receipt.points)}`);
  lines.push(`${receipt.paid > 0 ? receipt.paymentMethod : 'Paid'}: ${receiptNaira(receipt.paid)}`);
  if (receipt.extraPaid) lines.push(`Extra paid at the door: ${receiptNaira(receipt.extraPaid)}`);
  if (receipt.refunded) lines.push(`Refunded: -${receiptNaira(receipt.refunded)}`);
  return lines;
}

/**
 * '2 kg x ₦1,500.00 = ₦3,000.00 (booked 3 kg, ₦1,500.00 refunded)', '5 kg x ₦1,500.00 = ₦7,500.00
 * (booked 3 kg, ₦3,000.00 extra paid)', or as booked: '3 kg x ₦1,500.00 (per kg) = ₦4,500.00'.
 */
export function receiptQuantityLine(receipt: Receipt): string {
  const collected = quantityText(receipt.unit, receipt.quantity) || String(receipt.quantity);
  const booked = receipt.bookedQuantity ?? receipt.quantity;
  const line = `${collected} x ${receiptNaira(receipt.unitPrice)}`;
  if (booked === receipt.quantity) return `${line} (${receipt.unit}) = ${receiptNaira(receipt.total)}`;
  const note = collectedNote({
    unit: receipt.unit,
    booked,
    collected: receipt.quantity,
    refundKobo: nairaToKobo(receipt.refunded ?? 0),
    extraPaidKobo: nairaToKobo(receipt.extraPaid ?? 0),
  });
  return `${line} = ${receiptNaira(receipt.total)} ${note}`;
}
