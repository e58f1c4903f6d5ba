/**
 * Payment verification behind one interface. Default: the local test ledger, where the
 * app's "Test payment" checkout records a paid reference through the dev-only
 * POST /dev/payments. With PAYSTACK_SECRET_KEY: Paystack's transaction verify API.
 */
import type { Queryable } from '../db/connection';

export interface VerifiedPayment {
  reference: string;
  amountKobo: number;
  currency: string;
  email: string;
}

export interface PaymentVerifier {
  readonly kind: 'test-ledger' | 'paystack';
  /** The successful payment behind a reference, or null when it is unknown or not successful. */
  verify(reference: string): Promise<VerifiedPayment | null>;
}

export function createTestLedger(db: Queryable): PaymentVerifier {
  return {
    kind: 'test-ledger',
    async verify(reference) {
      const [row] = await db.query<{ reference: string; amount_kobo: string | number; email: string }>(
        'select reference, amount_kobo, email from test_payments where reference = $1',
        [reference],
      );
      return row ? { reference: row.reference, amountKobo: Number(row.amount_kobo), currency: 'NGN', email: row.email } : null;
    },
  };
}

export function createPaystackVerifier(secretKey: string, fetchImpl: typeof fetch = fetch): PaymentVerifier {
  return {
    kind: 'paystack',
    async verify(reference) {
      const response = await fetchImpl(`https://api.paystack.co/transaction/verify/${encodeURIComponent(reference)}`, {
        headers: { Authorization: `Bearer ${secretKey}` },
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new Error(`Paystack verify answered ${response.status}`);
      const body = (await response.json()) as {
        status?: boolean;
        data?: { status?: string; amount?: number; currency?: string; reference?: string; customer?: { email?: string } };
      };
      const data = body.data;
      if (!body.status || !data || data.status !== 'success' || typeof data.amount !== 'number') return null;
      return { reference, amountKobo: data.amount, currency: data.currency ?? 'NGN', email: data.customer?.email ?? '' };
    },
  };
}
