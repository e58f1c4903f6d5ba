/**
 * What was collected, in the words every screen uses (docs/lifecycle.md): the extra the client
 * is asked for at the door, and a completed task's quantity against its booking. Pure: the
 * server's bell and push, the client's screens and the driver's app read the same texts.
 */
import { formatNaira } from './money';
import { quantityText } from './quantity';

/** 'Your driver weighed 5 kg (you booked 3 kg): pay ₦3,000.00 more, or the driver takes 3 kg'. */
export function extraAskText(weighed: string, booked: string, amountKobo: number): string {
  return `Your driver weighed ${weighed} (you booked ${booked}): pay ${formatNaira(amountKobo)} more, or the driver takes ${booked}`;
}

export interface CollectedFacts {
  unit: string;
  /** What was booked, in `unit`. */
  booked: number;
  /** What was collected (null: not completed, or booked before it was recorded). */
  collected: number | null;
  /** Given back to the card for what was not collected (kobo). */
  refundKobo: number;
  /** Paid by card for what was collected above the booking (kobo). */
  extraPaidKobo: number;
}

/**
 * '2 kg (booked 3 kg, ₦1,500.00 refunded)', '5 kg (booked 3 kg, ₦3,000.00 extra paid)', or
 * '3 kg' when it was as booked; '' for a service that is not counted.
 */
export function collectedText(facts: CollectedFacts): string {
  const collected = facts.collected ?? facts.booked;
  const text = quantityText(facts.unit, collected);
  if (!text || collected === facts.booked) return text;
  const booked = `booked ${quantityText(facts.unit, facts.booked)}`;
  if (collected < facts.booked)
    return facts.refundKobo > 0 ? `${text} (${booked}, ${formatNaira(facts.refundKobo)} refunded)` : `${text} (${booked})`;
  return facts.extraPaidKobo > 0
    ? `${text} (${booked}, ${formatNaira(facts.extraPaidKobo)} extra paid)`
    : `${text} (${booked})`;
}

/** 'Completed: 2 kg collected' (the driver's app); 'Completed' for a service that is not counted. */
export function completedText(unit: string, collected: number): string {
  const text = quantityText(unit, collected);
  return text ? `Completed: ${text} collected` : 'Completed';
}
