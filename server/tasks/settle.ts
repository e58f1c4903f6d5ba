/**
 * The money of a task's real day, as pure rules (docs/lifecycle.md, 'Money'): what goes back
 * when less was collected than booked, what an extra costs when more was, what a cancel at the
 * door keeps for the driver, and what the driver earns. Integer kobo throughout.
 */
import { driverShareKobo } from '../../src/shared/driver-rules';
import { timesQuantity } from '../../src/shared/money';

/** Quantities are compared in thousandths (their stored precision), never as binary fractions. */
const milli = (quantity: number) => Math.round(quantity * 1000);

/** How a task was paid: the card (or transfer), points, and the plan's units. */
export interface PaidWith {
  bookedQuantity: number;
  cardKobo: number;
  pointsKobo: number;
  coveredQuantity: number;
}

export interface Returned {
  cardKobo: number;
  pointsKobo: number;
  /** Units of the plan given back to this plan month's allowance. */
  coveredQuantity: number;
}

/**
 * Less collected than booked: each way the task was paid gives back the same fraction (the
 * uncollected part of the booking), rounded down to the kobo and to the thousandth of a unit,
 * so nothing is returned that was not paid.
 */
export function returnedFor(paid: PaidWith, collected: number): Returned {
  const booked = milli(paid.bookedQuantity);
  const missing = Math.max(0, booked - milli(collected));
  if (missing === 0 || booked === 0) return { cardKobo: 0, pointsKobo: 0, coveredQuantity: 0 };
  return {
    cardKobo: Math.floor((paid.cardKobo * missing) / booked),
    pointsKobo: Math.floor((paid.pointsKobo * missing) / booked),
    coveredQuantity: Math.floor((milli(paid.coveredQuantity) * missing) / booked) / 1000,
  };
}

export interface Extra {
  quantity: number;
  /** Units the plan's allowance pays. */
  coveredQuantity: number;
  /** What the card owes for the rest. */
  amountKobo: number;
}

/**
 * More weighed than booked: the difference at the task's unit price, the plan paying what its
 * allowance still has (in whole units of the allowance, `allowanceLeft`).
 */
export function extraFor(input: {
  bookedQuantity: number;
  weighedQuantity: number;
  unitPriceKobo: number;
  allowanceLeft: number;
}): Extra | null {
  const more = milli(input.weighedQuantity) - milli(input.bookedQuantity);
  if (more <= 0) return null;
  const covered = Math.min(more, Math.max(0, milli(input.allowanceLeft)));
  return {
    quantity: more / 1000,
    coveredQuantity: covered / 1000,
    amountKobo: timesQuantity(input.unitPriceKobo, (more - covered) / 1000),
  };
}

/** The first minutes after the driver set off in which a client's cancel is still free. */
export const FREE_CANCEL_MS = 2 * 60_000;

/**
 * What a client's cancel keeps for the driver: nothing while no driver is on the way or in the
 * first 2 minutes after they set off; after that, and once the driver has arrived, the fee,
 * never more than the card paid.
 */
export function cancelFeeKobo(input: {
  status: string;
  startedAt: Date | null;
  arrivedAt: Date | null;
  now: Date;
  feeKobo: number;
  cardKobo: number;
}): number {
  const free =
    input.arrivedAt === null &&
    (input.status !== 'on-going' ||
      input.startedAt === null ||
      input.now.getTime() - input.startedAt.getTime() < FREE_CANCEL_MS);
  return free ? 0 : Math.max(0, Math.min(input.feeKobo, input.cardKobo));
}

/**
 * What the driver earns of a completion: their share of the value collected up to the booking
 * ('share') and of what was collected above it ('extra'), whoever paid (card, points or plan).
 */
export function earningsFor(input: {
  bookedQuantity: number;
  collectedQuantity: number;
  unitPriceKobo: number;
  share: number;
}): { shareKobo: number; extraKobo: number } {
  const booked = milli(input.bookedQuantity);
  const collected = milli(input.collectedQuantity);
  const within = Math.min(booked, collected) / 1000;
  const above = Math.max(0, collected - booked) / 1000;
  return {
    shareKobo: driverShareKobo(timesQuantity(input.unitPriceKobo, within), input.share),
    extraKobo: driverShareKobo(timesQuantity(input.unitPriceKobo, above), input.share),
  };
}
