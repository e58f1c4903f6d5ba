/**
 * Paying drivers, behind one interface beside the refunder: with PAYSTACK_SECRET_KEY, Paystack's
 * Transfers API at PAYSTACK_API_URL (the bank list, an account resolved to its name, a `nuban`
 * transfer recipient, a transfer with our own reference); without it, a test ledger that pays at
 * once (development and the demo). A transfer's outcome usually comes later by webhook.
 */
import { PAYSTACK_API_URL, type ServerConfig } from '../config';

export interface Bank {
  code: string;
  name: string;
}

export interface TransferStarted {
  status: 'pending' | 'success' | 'failed';
  transferCode: string | null;
  failure: string | null;
}

/** A call Paystack refused or that never arrived: its message is the driver's or the admin's to read. */
export class TransferError extends Error {
  override readonly name = 'TransferError';
  constructor(
    message: string,
    /** Paystack answered (a 4xx about the input) rather than being unreachable. */
    readonly refused: boolean,
  ) {
    super(message);
  }
}

export interface Transfers {
  readonly kind: 'test-ledger' | 'paystack';
  /** Nigeria's banks (kept for a day). */
  banks(): Promise<Bank[]>;
  /** The account's name at the bank; throws TransferError. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string>;
  /** A `nuban` recipient's code; throws TransferError. */
  createRecipient(account: { name: string; accountNumber: string; bankCode: string }): Promise<string>;
  /** What Paystack knows of a transfer we may have sent (null: it has none by that reference); throws TransferError. */
  verify(reference: string): Promise<TransferStarted | null>;
  /** Starts a transfer; never throws (a call that fails leaves the payout queued for the next run). */
  transfer(input: {
    amountKobo: number;
    recipient: string;
    reference: string;
    reason: string;
  }): Promise<TransferStarted | { status: 'unsent'; failure: string }>;
}

const BANKS_TTL_MS = 24 * 60 * 60 * 1000;

/** The test ledger's banks: a few real codes, so a demo account looks like one. */
const TEST_BANKS: Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '057', name: 'Zenith Bank' },
];

export function createTestLedgerTransfers(): Transfers {
  return {
    kind: 'test-ledger',
    banks: async () => TEST_BANKS,
    async resolveAccount(bankCode, accountNumber) {
      if (!TEST_BANKS.some((bank) => bank.code === bankCode)) throw new TransferError('Unknown bank code', true);
      return `TEST ACCOUNT ${accountNumber.slice(-4)}`;
    },
    createRecipient: async (account) => `RCP_test_${account.bankCode}${account.accountNumber}`,
    verify: async () => null,
    transfer: async (input) => ({ status: 'success', transferCode: `TRF_test_${input.reference}`, failure: null }),
  };
}

export function createPaystackTransfers(options: {
  secretKey: string;
  apiUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}): Transfers {
  const { secretKey, fetchImpl = fetch, timeoutMs = 8_000, now = Date.now } = options;
  const apiUrl = (options.apiUrl ?? PAYSTACK_API_URL).replace(/\/+$/, '');
  let cached: { banks: Bank[]; at: number } | undefined;

  /** Paystack's `{ status, message, data }`; a TransferError for anything else. */
  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiUrl}${path}`, {
        method: init.method,
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: 'application/json',
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new TransferError(
        `Paystack could not be reached: ${error instanceof Error ? error.message : error}`,
        false,
      );
    }
    let body: { status?: unknown; message?: unknown; data?: unknown } | undefined;
    try {
      body = (await response.json()) as typeof body;
    } catch {
      body = undefined;
    }
    const message = typeof body?.message === 'string' ? body.message.slice(0, 200) : `status ${response.status}`;
    if (!response.ok || body?.status !== true) throw new TransferError(message, response.status < 500);
    return body.data;
  }

  const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : null);

  return {
    kind: 'paystack',
    async banks() {
      if (cached && now() - cached.at < BANKS_TTL_MS) return cached.banks;
      const data = await call('/bank?country=nigeria&perPage=100', { method: 'GET' });
      const banks = (Array.isArray(data) ? data : []).flatMap((bank: { code?: unknown; name?: unknown }) => {
        const code = text(bank.code, 16);
        const name = text(bank.name, 100);
        return code && name ? [{ code, name }] : [];
      });
      cached = { banks, at: now() };
      return banks;
    },
    async resolveAccount(bankCode, accountNumber) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const data = (await call(`/bank/resolve?${query}`, { method: 'GET' })) as { account_name?: unknown } | null;
      const name = text(data?.account_name, 100);
      if (!name) throw new TransferError('Paystack gave no account name', true);
      return name;
    },
    async createRecipient(account) {
      const data = (await call('/transferrecipient', {
        method: 'POST',
        body: {
          type: 'nuban',
          name: account.name,
          account_number: account.accountNumber,
          bank_code: account.bankCode,
          currency: 'NGN',
        },
      })) as { recipient_code?: unknown } | null;
      const code = text(data?.recipient_code, 64);
      if (!code) throw new TransferError('Paystack gave no recipient code', true);
      return code;
    },
    async verify(reference) {
      let data: { status?: unknown; transfer_code?: unknown } | null;
      try {
        data = (await call(`/transfer/verify/${encodeURIComponent(reference)}`, { method: 'GET' })) as typeof data;
      } catch (error) {
        if (error instanceof TransferError && error.refused) return null;
        throw error;
      }
      return started(data);
    },
    async transfer(input) {
      let data: { status?: unknown; transfer_code?: unknown } | null;
      try {
        data = (await call('/transfer', {
          method: 'POST',
          body: {
            source: 'balance',
            amount: input.amountKobo,
            recipient: input.recipient,
            reference: input.reference,
            reason: input.reason,
          },
        })) as typeof data;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // Unreachable or a 5xx: it may have gone through; the same reference is sent again later.
        if (!(error instanceof TransferError) || !error.refused) return { status: 'unsent', failure: message };
        return { status: 'failed', transferCode: null, failure: `Paystack refused the transfer: ${message}` };
      }
      return started(data);
    },
  };
}

/** Paystack's transfer object as our state: success, failed (or reversed, or waiting for an OTP we never give), else pending. */
function started(data: { status?: unknown; transfer_code?: unknown } | null): TransferStarted {
  const code = data?.transfer_code;
  const transferCode = typeof code === 'string' && code.length <= 64 ? code : null;
  if (data?.status === 'success') return { status: 'success', transferCode, failure: null };
  if (data?.status === 'failed' || data?.status === 'reversed')
    return { status: 'failed', transferCode, failure: `Paystack reports it ${data.status}` };
  if (data?.status === 'otp')
    return {
      status: 'failed',
      transferCode,
      failure: "Paystack asks for an OTP: turn off the transfers' OTP in Paystack's dashboard",
    };
  return { status: 'pending', transferCode, failure: null };
}

/** Paystack with PAYSTACK_SECRET_KEY, else the test ledger (as the verifier and the refunder choose). */
export function createTransfers(config: Pick<ServerConfig, 'paystackSecretKey' | 'paystackApiUrl'>): Transfers {
  return config.paystackSecretKey
    ? createPaystackTransfers({ secretKey: config.paystackSecretKey, apiUrl: config.paystackApiUrl })
    : createTestLedgerTransfers();
}
