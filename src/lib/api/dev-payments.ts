import type { TestPaymentRequest } from '../../shared/contract';
import { http } from '../http';

/**
 * POST /dev/payments: the local test checkout records a paid reference in the reference
 * server's test ledger (absent when real Paystack keys are configured); `status: 'pending'`
 * records a bank transfer not confirmed yet. A 409 means this reference was already recorded
 * (a response lost on the way): that is a success too.
 */
export async function recordTestCheckoutPayment(payment: TestPaymentRequest, client = http): Promise<void> {
  try {
    await client.post('dev/payments', { json: payment });
  } catch (error) {
    if ((error as { response?: Response }).response?.status === 409) return;
    throw error;
  }
}
