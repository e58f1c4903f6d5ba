/**
 * Refunds behind one interface, beside the verifier: the local test ledger refunds at once;
 * with PAYSTACK_SECRET_KEY, Paystack's Refund API (POST {PAYSTACK_API_URL}/refund), whose
 * outcome usually arrives later as a refund.processed / refund.failed webhook.
 */
import { PAYSTACK_API_URL } from '../config';

export interface RefundStarted {
  /** `refunded`: done already (the test ledger, or Paystack processed it at once). */
  status: 'pending' | 'refunded' | 'failed';
  /** Paystack's refund id, when it gave one. */
  providerRef: string | null;
  /** Why it failed (status `failed`). */
  failure: string | null;
}

export interface Refunder {
  readonly kind: 'test-ledger' | 'paystack';
  /** Asks for a full refund of the charge `reference`; never throws (a call that fails is a `failed` refund). */
  refund(reference: string, amountKobo: number): Promise<RefundStarted>;
}

export function createTestLedgerRefunder(): Refunder {
  return {
    kind: 'test-ledger',
    refund: async () => ({ status: 'refunded', providerRef: null, failure: null }),
  };
}

export function createPaystackRefunder(options: {
  secretKey: string;
  apiUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): Refunder {
  const { secretKey, fetchImpl = fetch, timeoutMs = 8_000 } = options;
  const apiUrl = (options.apiUrl ?? PAYSTACK_API_URL).replace(/\/+$/, '');
  return {
    kind: 'paystack',
    async refund(reference, amountKobo) {
      let response: Response;
      try {
        response = await fetchImpl(`${apiUrl}/refund`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${secretKey}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ transaction: reference, amount: amountKobo }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return failed(`Paystack refund call failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      let body: { status?: unknown; message?: unknown; data?: { status?: unknown; id?: unknown } } | undefined;
      try {
        body = (await response.json()) as typeof body;
      } catch {
        body = undefined;
      }
      const message = typeof body?.message === 'string' ? body.message.slice(0, 200) : '';
      if (!response.ok || body?.status !== true)
        return failed(`Paystack refused the refund (${response.status}${message ? `: ${message}` : ''})`);
      const id = body.data?.id;
      const providerRef = typeof id === 'number' || (typeof id === 'string' && id.length <= 64) ? String(id) : null;
      const state = body.data?.status;
      if (state === 'processed') return { status: 'refunded', providerRef, failure: null };
      if (state === 'failed') return { status: 'failed', providerRef, failure: 'Paystack reports the refund failed' };
      return { status: 'pending', providerRef, failure: null };
    },
  };
}

const failed = (failure: string): RefundStarted => ({ status: 'failed', providerRef: null, failure });
