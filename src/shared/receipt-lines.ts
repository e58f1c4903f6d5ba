/**
 * A receipt's lines as the screen and the e-mail both say them: what paid the task, each part
 * on its own line (the plan's units, the points, the card/transfer/USSD part), adding up to its
 * price; amounts formatted by src/shared/money.ts.
 */
import type { Receipt } from './contract';
import { formatNaira, nairaToKobo } from './money';
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
  return lines;
}
