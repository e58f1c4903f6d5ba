/**
 * The create-task rules (docs/product.md, Create task) as pure functions: the messages,
 * when 'Proceed to Payment' is disabled, and the create request built from a paid booking.
 */
import type { CreateTaskRequest, ScheduledWindow } from '../../../shared/contract';
import { MAX_LENGTH } from '../../../shared/limits';
import { nairaToKobo } from '../../../shared/money';
import { clampText } from '../../../shared/validation/text';
import type { ServicePrice } from '../../../shared/pricing';
import { cleanAddressDetails } from '../../../shared/validation/address-details';

export const MESSAGES = {
  loginToContinue: 'Please login to continue',
  userLoadFailed: 'Failed to load user data',
  selectLocation: 'Please select a location first',
  emailNotFound: 'User email not found',
  invalidAddress: 'Please select a valid address from the dropdown',
  windowClosed: 'Payment window was closed',
  paymentCancelled: 'Payment was cancelled',
  initFailed: 'Failed to initialize payment',
  processing: 'Processing your payment...',
  paymentSuccessful: 'Payment Successful!',
  booked: 'Booked!',
  paymentFailed: 'Payment Failed!',
  createFailed: 'Failed to create task',
  contactSupport: 'Please try again or contact support',
  paymentSafe: 'Your payment is safe',
  /** A bank transfer the provider has not confirmed: 'received' only once it is (the pending card says so then). */
  transferAwaited: 'Waiting for your bank transfer',
} as const;

/** A pin dragged or a map tapped outside Nigeria (the server refuses such tasks). */
export const PIN_OUTSIDE_NIGERIA = 'GreenPick works in Nigeria only: put the pin on a place in Nigeria.';

/** Under the coordinates: how to correct the position. */
export const MOVE_PIN_HINT = 'Not the exact spot? Drag the pin or tap the map.';

/** 'Your {service name} task will be assigned shortly' */
export function assignedShortly(serviceName: string): string {
  return `Your ${serviceName} task will be assigned shortly`;
}

/** Shown when the network dropped after payment: the task is kept and sent later. */
export function createdWhenOnline(serviceName: string): string {
  return `Your ${serviceName} task will be created as soon as your connection is back.`;
}

export function transferConfirmedLater(serviceName: string): string {
  return `Your ${serviceName} task will be created as soon as your bank confirms the transfer: Home updates by itself.`;
}

export const SUCCESS_TOAST_MS = 3000;
export const FAILURE_TOAST_MS = 5000;

export interface SelectedPlace {
  address: string;
  lat: number;
  lng: number;
  /** The search said its label is only roughly where (a long road). */
  approximate?: boolean;
}

export const DETAILS_NEEDED = 'Add a house number, gate or landmark so the driver can find you';

/**
 * A label that only says roughly where: a pinned point's ('Near Yaba, Lagos', 'About 3 km
 * from Ikeja, Lagos', its coordinates) or a long road. The driver then needs the details.
 */
export function isApproximatePlace(place: SelectedPlace): boolean {
  return place.approximate === true || /^(Near |About \d+ km from |Pinned location )/.test(place.address);
}

export interface ProceedInput {
  isBusy: boolean;
  hasLocation: boolean;
  hasEmail: boolean;
  isLoadingPrices: boolean;
  isOnline: boolean;
  /** The plan pays it all: nothing to pay, so the button books rather than pays. */
  isCovered?: boolean;
  /** The place is approximate and no address details are given. */
  needsDetails?: boolean;
}

export interface ProceedState {
  disabled: boolean;
  label: typeof PROCEED_LABEL | typeof BOOK_COVERED_LABEL | 'Processing...';
  /** Why the button is disabled, told next to it; null when enabled or busy. */
  reason: string | null;
}

export const PROCEED_LABEL = 'Proceed to Payment';
export const BOOK_COVERED_LABEL = 'Book (covered by your plan)';

/** Disabled while busy, with no location, with no user email, while prices load, offline (payment is never started offline), and at an approximate place without details. */
export function proceedState({
  isBusy,
  hasLocation,
  hasEmail,
  isLoadingPrices,
  isOnline,
  isCovered = false,
  needsDetails = false,
}: ProceedInput): ProceedState {
  const disabled = isBusy || !hasLocation || !hasEmail || isLoadingPrices || !isOnline || needsDetails;
  let reason: string | null = null;
  if (isBusy) reason = null;
  else if (!isOnline) reason = 'You are offline. Payment needs an internet connection.';
  else if (isLoadingPrices) reason = 'Loading prices...';
  else if (!hasEmail) reason = 'Loading your account details...';
  else if (!hasLocation) reason = 'Choose an address to continue.';
  else if (needsDetails) reason = DETAILS_NEEDED;
  return { disabled, label: isBusy ? 'Processing...' : isCovered ? BOOK_COVERED_LABEL : PROCEED_LABEL, reason };
}

/** The first reason a booking cannot be paid for, in the order of docs/product.md, Create task; undefined when it can. */
export function checkBooking(place: SelectedPlace | null, email: string | undefined): string | undefined {
  if (!place) return MESSAGES.selectLocation;
  if (!email) return MESSAGES.emailNotFound;
  return undefined;
}

/** The create request; address details are cleaned and left out when empty (the request an older client sends). */
export function createTaskRequest(input: {
  place: SelectedPlace;
  userId: string;
  serviceType: string;
  price: ServicePrice;
  reference: string;
  addressDetails?: string;
  /** How much, in the price's unit (1 for per pickup). */
  quantity?: number;
  scheduledFor?: ScheduledWindow | null;
  coveredQuantity?: number;
  pointsUsed?: number;
}): CreateTaskRequest {
  const {
    place,
    userId,
    serviceType,
    price,
    reference,
    quantity = 1,
    scheduledFor = null,
    coveredQuantity = 0,
    pointsUsed = 0,
  } = input;
  const addressDetails = cleanAddressDetails(input.addressDetails ?? '');
  return {
    // A paid create the server refuses is final, so a place name longer than the server takes is cut to fit.
    address: clampText(place.address, MAX_LENGTH.address),
    ...(addressDetails ? { addressDetails } : {}),
    location: { type: 'Point', coordinates: [place.lng, place.lat] },
    amount: price.price,
    unit: price.unit,
    user: userId,
    reference,
    type: serviceType,
    serviceName: price.serviceName,
    quantity,
    ...(coveredQuantity > 0 ? { coveredQuantity } : {}),
    ...(pointsUsed > 0 ? { pointsUsed } : {}),
    ...(scheduledFor ? { scheduledFor } : {}),
  };
}

/** The points a booking may use, in kobo (1 token = ₦1): the balance, at most half of what is to pay. */
export function usablePoints(balance: number, dueKobo: number): number {
  if (!Number.isFinite(balance) || balance <= 0 || dueKobo <= 0) return 0;
  return Math.min(nairaToKobo(balance), Math.floor(dueKobo / 2));
}
