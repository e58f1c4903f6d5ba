/**
 * A local fake of Paystack's API for the server tests: a real HTTP server on a free
 * 127.0.0.1 port that answers `GET /transaction/verify/:reference` the way Paystack does
 * (Bearer secret key; `{ status, message, data }`; an unknown reference is 400 "Transaction
 * reference not found") and `POST /refund` (a refund queued as pending, or refused), and can
 * be told to be down, slow or failing; and the Transfers API drivers are paid through
 * (`GET /bank`, `GET /bank/resolve`, `POST /transferrecipient`, `POST /transfer`,
 * `GET /transfer/verify/:reference`; a reference is paid once). It also signs webhook
 * events like Paystack (hex HMAC-SHA512 of the body with the secret key). The server under
 * test reaches it through PAYSTACK_API_URL, so the real verifier runs end to end.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A real test key's shape (sk_test_ and 40 hex digits), so production-mode tests take it too.
/**
 * A charge's paid_at for a client made just before: a millisecond ahead of JavaScript's clock,
 * because PostgreSQL stamps the client's e-mail in microseconds, and a `new Date()` taken in the
 * same millisecond would read as paid before the address was theirs.
 */
export const paidNow = (): string => new Date(Date.now() + 1).toISOString();

export const FAKE_SECRET_KEY = 'sk_test_0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c';

export type ChargeStatus = 'success' | 'failed' | 'abandoned' | 'reversed' | 'ongoing' | 'pending';

export interface FakeCharge {
  reference: string;
  status: ChargeStatus;
  /** Kobo. */
  amount: number;
  currency?: string;
  email: string;
  paidAt?: string;
  metadata?: Record<string, unknown>;
}

/** How the fake answers verify calls: normally, or like an outage. */
export type Outage = 'none' | 'connection-reset' | 'hang' | 500 | 502 | 503 | 429 | 401;

export interface FakePaystack {
  url: string;
  secretKey: string;
  charge(charge: FakeCharge): FakeCharge;
  /** The verify calls made, by reference. */
  verifyCalls(reference: string): number;
  outage: Outage;
  /** Delay before each verify answer (ms). */
  delayMs: number;
  /** While set, verify answers wait for it: a test holds a request in flight for as long as it needs. */
  held: Promise<void> | undefined;
  /** Resolves once a verify call for the reference has arrived (at once if one has). */
  verifyArrived(reference: string): Promise<void>;
  /** A signed webhook delivery of the event: the raw body and its signature. */
  webhook(event: unknown, secretKey?: string): { body: string; signature: string };
  chargeSuccessEvent(charge: FakeCharge): unknown;
  /** The refunds asked for (POST /refund bodies), oldest first. */
  refunds: Array<{ transaction: string; amount: number }>;
  /** How POST /refund answers: queued (pending), or refused with 400. */
  refundOutcome: 'pending' | 'refused';
  /** A refund.processed / refund.failed event as Paystack sends it. */
  refundEvent(kind: 'refund.processed' | 'refund.failed', reference: string, amount: number): unknown;
  /** Transfers: `GET /bank` answers these; how many times it was asked. */
  banks: Array<{ code: string; name: string }>;
  bankCalls: number;
  /** An account `GET /bank/resolve` knows, by bank code and number. */
  account(bankCode: string, accountNumber: string, name: string): void;
  /** The recipients made (POST /transferrecipient), oldest first. */
  recipients: Array<{ recipient_code: string; account_number: string; bank_code: string; name: string }>;
  /** The transfers Paystack took (one per reference), oldest first. */
  transfers: FakeTransfer[];
  /** How POST /transfer answers: taken as pending or success, refused (400), or down (503, nothing taken). */
  transferOutcome: 'pending' | 'success' | 'refused' | 'down';
  /** A transfer.success / failed / reversed event as Paystack sends it, for a transfer it took. */
  transferEvent(kind: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', reference: string): unknown;
  close(): Promise<void>;
}

export interface FakeTransfer {
  reference: string;
  amount: number;
  recipient: string;
  transfer_code: string;
  status: 'pending' | 'success' | 'failed' | 'reversed';
}

function transaction(charge: FakeCharge) {
  // Paystack's transaction object, trimmed to what matters here (plus card details that must never be stored).
  return {
    id: Math.floor(Math.random() * 1e9),
    domain: 'test',
    status: charge.status,
    reference: charge.reference,
    amount: charge.amount,
    gateway_response: charge.status === 'success' ? 'Successful' : 'Declined',
    paid_at: charge.status === 'success' ? (charge.paidAt ?? new Date().toISOString()) : null,
    created_at: new Date().toISOString(),
    channel: 'card',
    currency: charge.currency ?? 'NGN',
    metadata: charge.metadata ?? '',
    authorization: {
      authorization_code: 'AUTH_fake',
      bin: '408408',
      last4: '4081',
      exp_month: '12',
      exp_year: '2030',
      card_type: 'visa',
      bank: 'TEST BANK',
    },
    customer: { id: 1, email: charge.email, customer_code: 'CUS_fake' },
  };
}

export async function startFakePaystack(secretKey = FAKE_SECRET_KEY): Promise<FakePaystack> {
  const charges = new Map<string, FakeCharge>();
  const calls = new Map<string, number>();
  const arrivals = new Map<string, Array<() => void>>();
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const accounts = new Map<string, string>();
  const readBody = async (request: IncomingMessage) => {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    return JSON.parse(raw || '{}') as Record<string, unknown>;
  };

  /** The Transfers API; undefined when the request is not one of its calls. */
  const transfersApi = async (request: IncomingMessage, response: ServerResponse): Promise<true | undefined> => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const route = `${request.method} ${url.pathname}`;
    const known = ['GET /bank', 'GET /bank/resolve', 'POST /transferrecipient', 'POST /transfer'];
    const verify = /^GET \/transfer\/verify\/([^/]+)$/.exec(route);
    if (!known.includes(route) && !verify) return undefined;
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      answer(response, 401, { status: false, message: 'Invalid key' });
      return true;
    }
    if (route === 'GET /bank') {
      fake.bankCalls += 1;
      answer(response, 200, {
        status: true,
        message: 'Banks retrieved',
        data: fake.banks.map((bank, index) => ({
          id: index + 1,
          ...bank,
          slug: bank.code,
          country: 'Nigeria',
          currency: 'NGN',
          type: 'nuban',
          active: true,
        })),
      });
    } else if (route === 'GET /bank/resolve') {
      const key = `${url.searchParams.get('bank_code')}:${url.searchParams.get('account_number')}`;
      const name = accounts.get(key);
      if (!name)
        answer(response, 422, {
          status: false,
          message: 'Could not resolve account name. Check parameters or try again.',
        });
      else
        answer(response, 200, {
          status: true,
          message: 'Account number resolved',
          data: { account_number: url.searchParams.get('account_number'), account_name: name, bank_id: 9 },
        });
    } else if (route === 'POST /transferrecipient') {
      const body = (await readBody(request)) as {
        type: string;
        name: string;
        account_number: string;
        bank_code: string;
      };
      if (body.type !== 'nuban' || !accounts.has(`${body.bank_code}:${body.account_number}`)) {
        answer(response, 400, { status: false, message: 'Account details are invalid' });
        return true;
      }
      const recipient = {
        recipient_code: `RCP_${fake.recipients.length + 1}x${body.account_number}`,
        account_number: body.account_number,
        bank_code: body.bank_code,
        name: body.name,
      };
      fake.recipients.push(recipient);
      answer(response, 201, {
        status: true,
        message: 'Transfer recipient created successfully',
        data: { active: true, recipient_code: recipient.recipient_code, type: 'nuban' },
      });
    } else if (route === 'POST /transfer') {
      const body = (await readBody(request)) as { amount: number; recipient: string; reference: string };
      if (fake.transferOutcome === 'down') {
        answer(response, 503, { status: false, message: 'Service unavailable' });
        return true;
      }
      if (fake.transfers.some((transfer) => transfer.reference === body.reference)) {
        answer(response, 400, { status: false, message: 'Duplicate Transfer Reference' });
        return true;
      }
      if (fake.transferOutcome === 'refused') {
        answer(response, 400, { status: false, message: 'Your balance is not enough to fulfil this request' });
        return true;
      }
      if (body.amount < 10_000 || !fake.recipients.some((recipient) => recipient.recipient_code === body.recipient)) {
        answer(response, 400, { status: false, message: 'Invalid amount or recipient' });
        return true;
      }
      const transfer: FakeTransfer = {
        reference: body.reference,
        amount: body.amount,
        recipient: body.recipient,
        transfer_code: `TRF_${fake.transfers.length + 1}`,
        status: fake.transferOutcome,
      };
      fake.transfers.push(transfer);
      answer(response, 200, {
        status: true,
        message: 'Transfer has been queued',
        data: { ...transfer, currency: 'NGN', integration: 412829, domain: 'test' },
      });
    } else if (verify) {
      const transfer = fake.transfers.find((each) => each.reference === decodeURIComponent(verify[1]!));
      if (!transfer) answer(response, 400, { status: false, message: 'Transfer not found' });
      else answer(response, 200, { status: true, message: 'Transfer retrieved', data: transfer });
    }
    return true;
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    if (await transfersApi(request, response)) return;
    if (request.url === '/refund' && request.method === 'POST') {
      let raw = '';
      for await (const chunk of request) raw += chunk;
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return answer(response, 401, { status: false, message: 'Invalid key' });
      const body = JSON.parse(raw) as { transaction: string; amount: number };
      fake.refunds.push(body);
      if (fake.refundOutcome === 'refused')
        return answer(response, 400, { status: false, message: 'Transaction has been fully reversed' });
      return answer(response, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: { id: 3018284 + fake.refunds.length, status: 'pending', amount: body.amount, currency: 'NGN' },
      });
    }
    const match = /^\/transaction\/verify\/([^/?]+)$/.exec(request.url ?? '');
    if (!match || request.method !== 'GET') return answer(response, 404, { status: false, message: 'Route not found' });
    const reference = decodeURIComponent(match[1]!);
    calls.set(reference, (calls.get(reference) ?? 0) + 1);
    for (const arrived of arrivals.get(reference) ?? []) arrived();
    arrivals.delete(reference);
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (fake.held) await fake.held;
    if (request.headers.authorization !== `Bearer ${secretKey}` || fake.outage === 401) {
      return answer(response, 401, { status: false, message: 'Invalid key' });
    }
    if (fake.outage === 'connection-reset') return request.socket.destroy();
    if (fake.outage === 'hang') return void hanging.add(response);
    if (typeof fake.outage === 'number')
      return answer(response, fake.outage, { status: false, message: 'Something went wrong' });
    const charge = charges.get(reference);
    if (!charge)
      return answer(response, 400, {
        status: false,
        message: 'Transaction reference not found',
        type: 'validation_error',
        code: 'transaction_not_found',
      });
    return answer(response, 200, { status: true, message: 'Verification successful', data: transaction(charge) });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (body: string, key = secretKey) => createHmac('sha512', key).update(body).digest('hex');

  const fake: FakePaystack = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    outage: 'none',
    delayMs: 0,
    held: undefined,
    verifyArrived: (reference) =>
      new Promise<void>((resolve) => {
        if (calls.has(reference)) return resolve();
        arrivals.set(reference, [...(arrivals.get(reference) ?? []), resolve]);
      }),
    charge(charge) {
      charges.set(charge.reference, charge);
      return charge;
    },
    verifyCalls: (reference) => calls.get(reference) ?? 0,
    webhook(event, key) {
      const body = JSON.stringify(event);
      return { body, signature: sign(body, key) };
    },
    chargeSuccessEvent: (charge) => ({ event: 'charge.success', data: transaction({ ...charge, status: 'success' }) }),
    refunds: [],
    refundOutcome: 'pending',
    refundEvent: (kind, reference, amount) => ({
      event: kind,
      data: {
        status: kind === 'refund.processed' ? 'processed' : 'failed',
        transaction_reference: reference,
        refund_reference: null,
        amount,
        currency: 'NGN',
        processor: 'mpgs_zen',
        customer: { email: 'payer@example.ng' },
        integration: 412829,
        domain: 'test',
      },
    }),
    banks: [
      { code: '044', name: 'Access Bank' },
      { code: '058', name: 'Guaranty Trust Bank' },
      { code: '057', name: 'Zenith Bank' },
    ],
    bankCalls: 0,
    account: (bankCode, accountNumber, name) => void accounts.set(`${bankCode}:${accountNumber}`, name),
    recipients: [],
    transfers: [],
    transferOutcome: 'pending',
    transferEvent(kind, reference) {
      const transfer = fake.transfers.find((each) => each.reference === reference);
      if (!transfer) throw new Error(`no transfer ${reference}`);
      transfer.status = kind === 'transfer.success' ? 'success' : kind === 'transfer.failed' ? 'failed' : 'reversed';
      return {
        event: kind,
        data: {
          ...transfer,
          currency: 'NGN',
          domain: 'test',
          reason: 'GreenPick earnings',
          recipient: { recipient_code: transfer.recipient },
        },
      };
    },
    async close() {
      for (const response of hanging) response.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
