/**
 * Payment verification behind one interface: the local test ledger by default, Paystack's
 * verify API with PAYSTACK_SECRET_KEY. Only a charge the provider calls failed or unknown is
 * final (null); when it cannot tell, PaymentProviderUnavailable is thrown and the caller
 * responds with a retriable 5xx (docs/data-paths.md, 'On the server').
 */
import { PAYSTACK_API_URL } from '../config';
import type { Queryable } from '../db/connection';
import { findTestLedgerPayment } from '../db/payments';
import { MAX_LENGTH } from '../../src/shared/limits';
import { hasControlCharacter } from '../../src/shared/validation/text';

export interface VerifiedPayment {
  reference: string;
  amountKobo: number;
  currency: string;
  /** The customer's e-mail as the provider has it. */
  email: string;
  /** The paying user, when the provider knows our users (the test ledger does). */
  payerUserId: string | null;
  paidAt: Date | null;
  /** The checkout's metadata (service, address), when small and an object. */
  metadata: Record<string, unknown> | null;
  /** How it was paid, as Paystack names it ('card', 'bank_transfer', 'ussd', ...); null when not said. */
  channel: string | null;
}

export interface PaymentVerifier {
  readonly kind: 'test-ledger' | 'paystack';
  verify(reference: string): Promise<VerifiedPayment | null>;
}

/** The provider could not say whether the reference is paid; `status` is the response to give (retriable). */
export class PaymentProviderUnavailable extends Error {
  override readonly name = 'PaymentProviderUnavailable';
  constructor(
    message: string,
    readonly status: 502 | 503 | 504,
  ) {
    super(message);
  }
}

export function createTestLedger(db: Queryable): PaymentVerifier {
  return {
    kind: 'test-ledger',
    async verify(reference) {
      const row = await findTestLedgerPayment(db, reference);
      // As Paystack's verify of a bank transfer still in progress: not final, retry later.
      if (row?.status === 'pending')
        throw new PaymentProviderUnavailable(`The test ledger's transfer ${reference} is still pending`, 503);
      return row
        ? {
            reference: row.reference,
            amountKobo: row.amountKobo,
            currency: 'NGN',
            email: row.email,
            payerUserId: row.userId,
            paidAt: null,
            metadata: null,
            channel: row.channel,
          }
        : null;
    },
  };
}

/** Paystack transaction statuses that will never become a success for this reference. */
const FINAL_FAILURES = new Set(['failed', 'abandoned', 'reversed']);
const MAX_METADATA_BYTES = 4096;

export interface PaystackVerifierOptions {
  secretKey: string;
  apiUrl?: string;
  fetchImpl?: typeof fetch;
  /** Under the app's own 15 s request time-out, so the client gets our retriable answer. */
  timeoutMs?: number;
}

interface PaystackTransaction {
  status?: unknown;
  reference?: unknown;
  amount?: unknown;
  currency?: unknown;
  paid_at?: unknown;
  paidAt?: unknown;
  metadata?: unknown;
  channel?: unknown;
  customer?: { email?: unknown } | null;
}

/** Reads a Paystack transaction (verify answer or charge.success event data) into a payment; null when it is not a usable success. */
export function paymentFromPaystack(data: PaystackTransaction, reference: string): VerifiedPayment | null {
  if (data.status !== 'success' || !isKobo(data.amount)) return null;
  const currency = typeof data.currency === 'string' && data.currency ? data.currency.toUpperCase() : 'NGN';
  // Whatever is stored must fit its column: a currency is 3 letters, an e-mail plain short text.
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  const email = typeof data.customer?.email === 'string' ? data.customer.email.trim().toLowerCase() : '';
  const paidAt = typeof data.paid_at === 'string' ? data.paid_at : typeof data.paidAt === 'string' ? data.paidAt : null;
  const paidDate = paidAt && paidAt.length <= 64 ? new Date(paidAt) : null;
  const paidYear = paidDate?.getUTCFullYear() ?? Number.NaN;
  return {
    reference,
    amountKobo: data.amount as number,
    currency,
    email: email.length <= MAX_LENGTH.email && !hasControlCharacter(email, { multiline: false }) ? email : '',
    payerUserId: null,
    paidAt: paidDate && paidYear >= 1970 && paidYear <= 9999 ? paidDate : null,
    metadata: smallObject(data.metadata),
    channel: typeof data.channel === 'string' && /^[a-z_]{1,40}$/.test(data.channel) ? data.channel : null,
  };
}

/** ₦10 billion in kobo: far above any charge, far below what a bigint or a JS number loses. */
const MAX_KOBO = 1_000_000_000_000;
const isKobo = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 && amount <= MAX_KOBO;

/** Paystack sends metadata as an object or as a JSON string; only small objects are kept. */
function smallObject(value: unknown): Record<string, unknown> | null {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const json = JSON.stringify(parsed);
  // PostgreSQL's jsonb cannot hold a NUL character.
  return json.length <= MAX_METADATA_BYTES && !json.includes('\\u0000') ? (parsed as Record<string, unknown>) : null;
}

export function createPaystackVerifier(options: PaystackVerifierOptions): PaymentVerifier {
  const { secretKey, fetchImpl = fetch, timeoutMs = 8_000 } = options;
  const apiUrl = (options.apiUrl ?? PAYSTACK_API_URL).replace(/\/+$/, '');
  return {
    kind: 'paystack',
    async verify(reference) {
      let response: Response;
      try {
        response = await fetchImpl(`${apiUrl}/transaction/verify/${encodeURIComponent(reference)}`, {
          headers: { Authorization: `Bearer ${secretKey}`, Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new PaymentProviderUnavailable(
          timedOut ? `Paystack verify timed out after ${timeoutMs} ms` : `Paystack verify failed: ${describe(error)}`,
          timedOut ? 504 : 502,
        );
      }
      let body: { status?: unknown; message?: unknown; data?: PaystackTransaction } | undefined;
      try {
        body = (await response.json()) as typeof body;
      } catch {
        body = undefined;
      }
      const message = typeof body?.message === 'string' ? body.message : '';
      // Paystack answers an unknown reference with 400 (or 404) and "Transaction reference not found".
      if (response.status === 404 || (response.status === 400 && /not found/i.test(message))) return null;
      if (response.status === 401 || response.status === 403) {
        throw new PaymentProviderUnavailable(
          `Paystack verify answered ${response.status} (${message || 'no message'}): check PAYSTACK_SECRET_KEY`,
          502,
        );
      }
      if (response.status === 429)
        throw new PaymentProviderUnavailable('Paystack verify answered 429 (rate limited)', 503);
      if (!response.ok) throw new PaymentProviderUnavailable(`Paystack verify answered ${response.status}`, 502);
      const data = body?.data;
      if (body?.status !== true || !data || typeof data.status !== 'string') {
        throw new PaymentProviderUnavailable(
          `Paystack verify gave an unexpected answer (${message || 'no data'})`,
          502,
        );
      }
      if (FINAL_FAILURES.has(data.status)) return null;
      if (data.status !== 'success')
        throw new PaymentProviderUnavailable(`The charge is still ${data.status} at Paystack`, 503);
      const payment = paymentFromPaystack(data, reference);
      if (!payment) throw new PaymentProviderUnavailable('Paystack verify gave a success without a usable amount', 502);
      return payment;
    },
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  return cause && typeof cause.code === 'string' ? `${error.message} (${cause.code})` : error.message;
}
