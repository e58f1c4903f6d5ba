/**
 * What a booking costs (docs/product.md, Create task), as one pure function: the service's
 * price, the quantity asked for, what the client's plan still covers, the points offered and
 * what the card pays, every amount in integer kobo (src/shared/money.ts). No React: the form
 * reads it through `useBookingQuote`, the tests call it directly.
 */
import type { PlanStatus } from '../../../shared/contract';
import { koboToNaira, nairaToKobo, timesQuantity } from '../../../shared/money';
import { planNameOf } from '../../../shared/plans';
import { priceFor, type PriceTable, type ServicePrice } from '../../../shared/pricing';
import { ruleProblem, serviceQuantityRule, wholeSteps, type QuantityRule } from '../../../shared/quantity';
import { usablePoints } from './booking-rules';

export interface BookingQuoteInputs {
  /** The price table shown (the network's, else the device's), null while neither is there. */
  prices: PriceTable | null;
  serviceType: string;
  /** The quantity field's text ('2.5'); ignored for a service booked per pickup. */
  quantityInput: string;
  /** The client's plan this month, null without one (or while it loads). */
  plan: Pick<PlanStatus, 'plan' | 'allowance'> | null;
  /** The client's points balance in naira (1 point = ₦1), 0 while the user loads. */
  balance: number;
  /** Whether the client ticked 'Use ... points'. */
  isUsingPoints: boolean;
}

export interface BookingQuote {
  /** The service's price, null while no price table is there. */
  price: ServicePrice | null;
  /** How the quantity is asked for, null for per pickup (and while the price loads). */
  rule: QuantityRule | null;
  /** The quantity booked (1 for per pickup; NaN when the field is not a number). */
  quantity: number;
  /** The quantity is out of range or not a whole step: nothing is priced or paid. */
  isQuantityWrong: boolean;
  unitKobo: number;
  /** Price x quantity, before the plan and the points. */
  totalKobo: number;
  /** Whole steps of the quantity the plan pays for (the server spends them). */
  coveredQuantity: number;
  /** The plan's name ('Gold'), '' without a plan. */
  planName: string;
  /** What the plan does not cover: price x (quantity - covered). */
  dueKobo: number;
  /** The points the client may use: at most half of `dueKobo`, at most the balance. */
  pointsKobo: number;
  /** The points used (0 unless ticked), in naira as the request carries them. */
  pointsUsed: number;
  /** What the card (or transfer) pays: `dueKobo` less the points used. */
  cardKobo: number;
  /** The plan pays all of it and no points are used: booked without a payment. */
  isFullyCovered: boolean;
}

export function quoteBooking({
  prices,
  serviceType,
  quantityInput,
  plan,
  balance,
  isUsingPoints,
}: BookingQuoteInputs): BookingQuote {
  const price = prices ? priceFor(prices, serviceType) : null;
  const rule = price ? serviceQuantityRule(price) : null;
  const quantity = rule ? Number(quantityInput) : 1;
  const isCountable = Number.isFinite(quantity);
  const planLeft = plan?.allowance.find((item) => item.service === serviceType)?.left ?? 0;
  // Whole steps of the service only (the server refuses a fraction of a step).
  const coveredQuantity = isCountable ? wholeSteps(Math.max(0, Math.min(planLeft, quantity)), rule?.step ?? 1) : 0;
  const unitKobo = price ? nairaToKobo(price.price) : 0;
  const dueKobo = price && isCountable ? timesQuantity(unitKobo, quantity - coveredQuantity) : 0;
  const pointsKobo = usablePoints(balance, dueKobo);
  const pointsUsedKobo = isUsingPoints ? pointsKobo : 0;
  return {
    price,
    rule,
    quantity,
    isQuantityWrong: price !== null && ruleProblem(rule, quantity) !== null,
    unitKobo,
    totalKobo: price && isCountable ? timesQuantity(unitKobo, quantity) : 0,
    coveredQuantity,
    planName: plan ? planNameOf(plan) : '',
    dueKobo,
    pointsKobo,
    pointsUsed: koboToNaira(pointsUsedKobo),
    cardKobo: dueKobo - pointsUsedKobo,
    isFullyCovered: price !== null && coveredQuantity > 0 && coveredQuantity >= quantity && pointsUsedKobo === 0,
  };
}
