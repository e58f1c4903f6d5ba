/**
 * The create-task rules of SPEC.md sections 2, 4, 5 and 8 as pure functions: the messages,
 * when 'Proceed to Payment' is disabled, and the create request built from a paid booking.
 */
import type { CreateTaskRequest } from '../../../shared/contract';
import type { ServicePrice } from '../../../shared/pricing';

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
  paymentFailed: 'Payment Failed!',
  createFailed: 'Failed to create task',
  contactSupport: 'Please try again or contact support',
  paymentSafe: 'Your payment is safe',
} as const;

/** 'Your {service name} task will be assigned shortly' */
export function assignedShortly(serviceName: string): string {
  return `Your ${serviceName} task will be assigned shortly`;
}

/** Shown when the network dropped after payment: the task is kept and sent later. */
export function createdWhenOnline(serviceName: string): string {
  return `Your ${serviceName} task will be created as soon as your connection is back.`;
}

export const SUCCESS_TOAST_MS = 3000;
export const FAILURE_TOAST_MS = 5000;

export interface SelectedPlace {
  address: string;
  lat: number;
  lng: number;
}

export interface ProceedInput {
  isBusy: boolean;
  hasLocation: boolean;
  hasEmail: boolean;
  isLoadingPrices: boolean;
  isOnline: boolean;
}

export interface ProceedState {
  disabled: boolean;
  label: 'Proceed to Payment' | 'Processing...';
  /** Why the button is disabled, told next to it; null when enabled or busy. */
  reason: string | null;
}

/** Disabled while busy, with no location, with no user email, while prices load, and offline (payment is never started offline). */
export function proceedState({ isBusy, hasLocation, hasEmail, isLoadingPrices, isOnline }: ProceedInput): ProceedState {
  const disabled = isBusy || !hasLocation || !hasEmail || isLoadingPrices || !isOnline;
  let reason: string | null = null;
  if (isBusy) reason = null;
  else if (!isOnline) reason = 'You are offline. Payment needs an internet connection.';
  else if (isLoadingPrices) reason = 'Loading prices...';
  else if (!hasEmail) reason = 'Loading your account details...';
  else if (!hasLocation) reason = 'Choose an address to continue.';
  return { disabled, label: isBusy ? 'Processing...' : 'Proceed to Payment', reason };
}

/** The first reason a booking cannot be paid for, in the spec's order; undefined when it can. */
export function checkBooking(place: SelectedPlace | null, email: string | undefined): string | undefined {
  if (!place) return MESSAGES.selectLocation;
  if (!email) return MESSAGES.emailNotFound;
  return undefined;
}

export function createTaskRequest(input: { place: SelectedPlace; userId: string; serviceType: string; price: ServicePrice; reference: string }): CreateTaskRequest {
  const { place, userId, serviceType, price, reference } = input;
  return {
    address: place.address,
    location: { type: 'Point', coordinates: [place.lng, place.lat] },
    amount: price.price,
    unit: price.unit,
    user: userId,
    reference,
    type: serviceType,
    serviceName: price.serviceName,
  };
}
