/**
 * Dev-only calls for the local test ledger and the dev mailbox: never mounted in production,
 * and each responds 404 unless its own provider is the local one, so a half-configured server
 * never opens the other (docs/security.md, 'Secrets are what they claim').
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { SettleTestPaymentResponse, TestPaymentResponse } from '../../src/shared/contract';
import { mailboxQuerySchema, settleTestPaymentSchema, testPaymentSchema } from '../../src/shared/schemas/dev';
import type { AppDeps, AppEnv } from '../context';
import { requireClient } from './roles';
import { conflict, notFound } from './errors';
import { jsonBody, queryOf } from './validator';
import { insertTestLedgerPayment, settleTestLedgerPayment } from '../db/payments';
import { forgetUnknown } from '../db/unknown-references';

export const devRoutes = new Hono<AppEnv>();

export const NO_PENDING_TEST_PAYMENT = 'No pending test payment of yours has this reference';

/** 404 unless the local test ledger takes the payments, before any token or body is read. */
const testLedgerOnly = createMiddleware<AppEnv>(async (c, next) => {
  const { payments, config } = c.var.deps;
  if (payments.kind !== 'test-ledger' || config.production) throw notFound();
  await next();
});

devRoutes.post('/dev/payments', testLedgerOnly, requireClient(), jsonBody(testPaymentSchema), async (c) => {
  const { db } = c.var.deps;
  const callerId = c.var.client.id;
  const body = c.req.valid('json');
  const recorded = await insertTestLedgerPayment(db, {
    reference: body.reference,
    amountKobo: body.amount,
    email: body.email,
    userId: callerId,
    status: body.status,
    channel: body.channel ?? (body.status === 'pending' ? 'bank_transfer' : 'card'),
  });
  if (!recorded) throw conflict('This payment reference has already been recorded');
  await forgetUnknown(db, body.reference);
  return c.json(
    { data: { reference: body.reference, amount: body.amount, status: body.status } } satisfies TestPaymentResponse,
    201,
  );
});

// The test ledger's stand-in for Paystack's charge.success on a bank transfer: only the payer settles it, once.
devRoutes.post(
  '/dev/payments/settle',
  testLedgerOnly,
  requireClient(),
  jsonBody(settleTestPaymentSchema),
  async (c) => {
    const { db } = c.var.deps;
    const callerId = c.var.client.id;
    const { reference } = c.req.valid('json');
    if (!(await settleTestLedgerPayment(db, reference, callerId))) throw notFound(NO_PENDING_TEST_PAYMENT);
    return c.json({ data: { reference, status: 'success' } } satisfies SettleTestPaymentResponse);
  },
);

// No token: the mailbox is read while recovering a forgotten password.
const devMailboxOnly = createMiddleware<AppEnv>(async (c, next) => {
  const { mailer, config } = c.var.deps;
  if (mailer.kind !== 'dev-mailbox' || !mailer.inbox || config.production) throw notFound();
  await next();
});

devRoutes.get('/dev/mailbox', devMailboxOnly, queryOf(mailboxQuerySchema), (c) => {
  const { mailer } = c.var.deps;
  if (!mailer.inbox) throw notFound();
  const address = c.req.valid('query').email;
  return c.json({ data: mailer.inbox(address) });
});

/** The dev routes this server would open, each with what it exposes (for the start-up warning). */
export function devRoutesOpen(deps: Pick<AppDeps, 'config' | 'payments' | 'mailer'>): string[] {
  // A live Paystack key means real money: never beside routes that fake payments or read codes.
  if (deps.config.production || deps.config.paystackSecretKey?.startsWith('sk_live_')) return [];
  const open: string[] = [];
  if (deps.payments.kind === 'test-ledger')
    open.push(
      'POST /dev/payments and /dev/payments/settle (any signed-in client records a fake payment or settles its fake transfer; set PAYSTACK_SECRET_KEY)',
    );
  if (deps.mailer.kind === 'dev-mailbox')
    open.push("GET /dev/mailbox (anyone reads anyone's recovery code; set SMTP_URL)");
  return open;
}

/** Mounts the dev routes when any is open, with a loud warning in the log. */
export function mountDevRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  const open = devRoutesOpen(deps);
  if (open.length === 0) return;
  app.route('/', devRoutes);
  deps.log.child({ module: 'dev' }).warn({ open }, 'dev-only routes are open: never run this for real');
}
