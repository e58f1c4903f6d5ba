/** A payment reference, as task creation, subscriptions and the test checkout take it. */
import { MAX_LENGTH } from '../limits';
import { text } from './fields';

/** Paystack references: letters, digits and . - = _ (and our own `<ms>-<suffix>` form). */
export const paymentReference = () =>
  text('reference', { max: MAX_LENGTH.reference })
    .trim()
    .min(1, { error: 'reference is required' })
    .regex(/^[A-Za-z0-9._=-]+$/, { error: 'reference: use letters, digits and . - _ = only' });
