/**
 * What was collected, in the words every screen uses (docs/lifecycle.md): the extra the client
 * is asked for at the door, and a completed task's quantity against its booking. Pure: the
 * server's bell and push, the client's screens and the driver's app read the same texts.
 */
import type { Task } from './contract';
import { formatNaira, koboToNaira, nairaToKobo } from './money';
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

/** '(booked 3 kg, ₦1,500.00 refunded)', '(booked 3 kg, ₦3,000.00 extra paid)'; '' when collected as booked. */
export function collectedNote(facts: CollectedFacts): string {
  const collected = facts.collected ?? facts.booked;
  if (collected === facts.booked || !quantityText(facts.unit, collected)) return '';
  const booked = `booked ${quantityText(facts.unit, facts.booked)}`;
  if (collected < facts.booked)
    return facts.refundKobo > 0 ? `(${booked}, ${formatNaira(facts.refundKobo)} refunded)` : `(${booked})`;
  return facts.extraPaidKobo > 0 ? `(${booked}, ${formatNaira(facts.extraPaidKobo)} extra paid)` : `(${booked})`;
}

/**
 * '2 kg (booked 3 kg, ₦1,500.00 refunded)', '5 kg (booked 3 kg, ₦3,000.00 extra paid)', or
 * '3 kg' when it was as booked; '' for a service that is not counted.
 */
export function collectedText(facts: CollectedFacts): string {
  const text = quantityText(facts.unit, facts.collected ?? facts.booked);
  const note = collectedNote(facts);
  return note ? `${text} ${note}` : text;
}

/** 'Completed: 2 kg collected' (the driver's app); 'Completed' for a service that is not counted. */
export function completedText(unit: string, collected: number): string {
  const text = quantityText(unit, collected);
  return text ? `Completed: ${text} collected` : 'Completed';
}

type TaskMoney = Pick<Task, 'unit' | 'quantity' | 'status' | 'amount' | 'collectedQuantity' | 'refund' | 'extra'>;

const extraPaidNaira = (task: TaskMoney) => (task.extra?.status === 'paid' ? task.extra.amount : 0);
/** A completed task's refund is for what was not collected (a cancelled one's is the whole booking). */
const collectedRefundNaira = (task: TaskMoney) => (task.status === 'completed' ? (task.refund?.amount ?? 0) : 0);

/** A task's quantity as the lists say it: '2 kg (booked 3 kg, ₦1,500.00 refunded)', or as booked: '3 kg'. */
export function taskQuantityText(task: TaskMoney): string {
  const booked = task.quantity ?? 1;
  return collectedText({
    unit: task.unit,
    booked,
    collected: task.status === 'completed' ? (task.collectedQuantity ?? booked) : booked,
    refundKobo: nairaToKobo(collectedRefundNaira(task)),
    extraPaidKobo: nairaToKobo(extraPaidNaira(task)),
  });
}

/** What the client paid for it in naira: the booking less a refund for what was not collected, plus an extra paid. */
export function taskPaidNaira(task: TaskMoney): number {
  return koboToNaira(
    nairaToKobo(task.amount) - nairaToKobo(collectedRefundNaira(task)) + nairaToKobo(extraPaidNaira(task)),
  );
}
