/**
 * The create flow after 'Proceed to Payment' (docs/data-paths.md): check the booking, pay in
 * the card checkout (price x quantity in kobo, src/shared/money.ts; reference = ms + suffix), then hand the paid request
 * to the durable pending-task record, which sends it. Payment and sending are passed in so
 * that the flow is tested without either: the route hands over the payments feature.
 */
import type { CreateTaskRequest, ScheduledWindow } from '../../../shared/contract';
import type { PaidTaskOutcome } from '../../../lib/pending-tasks';
import type { ServicePrice } from '../../../shared/pricing';
import { nairaToKobo, timesQuantity } from '../../../shared/money';
import { checkBooking, createTaskRequest, type SelectedPlace } from './booking-rules';

export interface BookingUser {
  _id: string;
  email: string;
  firstname?: string;
  lastname?: string;
  phonenumber?: string;
}

/** What the card checkout is asked for (amount in kobo). */
export interface TaskPayment {
  email: string;
  amount: number;
  /** The payment reference (the wrapper's `ref`). */
  ref: string;
  currency: 'NGN';
  firstname?: string;
  lastname?: string;
  phone?: string;
  metadata: Record<string, unknown>;
  /** Card, bank transfer and USSD: what Nigerian clients pay with. */
  channels: string[];
}

/** A booking may be paid by card, bank transfer or USSD. */
export const BOOKING_CHANNELS = ['card', 'bank_transfer', 'ussd'];

/** How the checkout ended: paid, a bank transfer waiting for confirmation, or closed without paying ('cancel' or 'close'). */
export type TaskPaymentResult =
  | { status: 'success'; reference: string }
  | { status: 'pending'; reference: string }
  | { status: 'cancelled'; how: 'cancel' | 'close' };

/** The payments feature, loaded when the client proceeds (the route passes it in). */
export type LoadTaskPayments = () => Promise<{
  pay: (payment: TaskPayment) => Promise<TaskPaymentResult>;
  newPaymentReference: () => string;
}>;

export interface PayForTaskDeps {
  loadPayments: LoadTaskPayments;
  submit: (request: CreateTaskRequest) => Promise<PaidTaskOutcome>;
  /** The payment succeeded; the task is about to be sent ('Processing your payment...'). */
  onPaid?: () => void;
}

export type BookingOutcome =
  | { kind: 'invalid'; message: string }
  | { kind: 'cancelled'; how: 'cancel' | 'close' }
  | { kind: 'init-failed' }
  /** `awaitingTransfer`: paid by a bank transfer Paystack has not confirmed yet; the booking is kept until it does. */
  | { kind: 'paid'; request: CreateTaskRequest; outcome: PaidTaskOutcome; awaitingTransfer?: boolean };

export async function payForTask(
  booking: {
    place: SelectedPlace | null;
    user: BookingUser | null;
    serviceType: string;
    price: ServicePrice;
    addressDetails?: string;
    /** How much, in the price's unit (absent: 1); the payment is price x quantity. */
    quantity?: number;
    scheduledFor?: ScheduledWindow | null;
    /** What the client's plan pays of `quantity`; the card pays the rest (nothing when all is covered). */
    coveredQuantity?: number;
    /** Recycle tokens (1 = ₦1) paying part of it; the card pays the rest. */
    pointsUsed?: number;
  },
  deps: PayForTaskDeps,
): Promise<BookingOutcome> {
  const {
    place,
    user,
    serviceType,
    price,
    addressDetails,
    quantity = 1,
    scheduledFor = null,
    coveredQuantity = 0,
    pointsUsed = 0,
  } = booking;
  const invalid = checkBooking(place, user?.email);
  if (invalid || !place || !user) return { kind: 'invalid', message: invalid ?? '' };

  let result: TaskPaymentResult;
  let reference: string;
  try {
    const payments = await deps.loadPayments();
    reference = payments.newPaymentReference();
    // Covered by the plan: no checkout; the reference still makes the booking's retries idempotent.
    result =
      coveredQuantity >= quantity && pointsUsed === 0
        ? { status: 'success', reference }
        : await payments.pay({
            email: user.email,
            amount: timesQuantity(nairaToKobo(price.price), quantity - coveredQuantity) - nairaToKobo(pointsUsed),
            ref: reference,
            currency: 'NGN',
            firstname: user.firstname || undefined,
            lastname: user.lastname || undefined,
            phone: user.phonenumber || undefined,
            metadata: { serviceType, serviceName: price.serviceName, address: place.address },
            channels: BOOKING_CHANNELS,
          });
  } catch {
    return { kind: 'init-failed' };
  }
  if (result.status === 'cancelled') return { kind: 'cancelled', how: result.how };

  deps.onPaid?.();
  const request = createTaskRequest({
    place,
    userId: user._id,
    serviceType,
    price,
    reference: result.reference,
    addressDetails,
    quantity,
    scheduledFor,
    coveredQuantity,
    pointsUsed,
  });
  const outcome = await deps.submit(request);
  return result.status === 'pending'
    ? { kind: 'paid', request, outcome, awaitingTransfer: true }
    : { kind: 'paid', request, outcome };
}
