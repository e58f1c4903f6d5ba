import { describe, expect, it } from 'vitest';
import { isPaymentInProgress, startPayment } from '../../src/lib/payment-activity';

describe('payment in progress (the update prompt never reloads during a payment)', () => {
  it('is set while any payment is open, and an end counts once', () => {
    expect(isPaymentInProgress()).toBe(false);
    const endFirst = startPayment();
    const endSecond = startPayment();
    endFirst();
    endFirst();
    expect(isPaymentInProgress()).toBe(true);
    endSecond();
    expect(isPaymentInProgress()).toBe(false);
  });
});
