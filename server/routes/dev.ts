/**
 * Dev-only calls, mounted only while the local test ledger or the dev mailbox is in use:
 * the "Test payment" checkout records a paid reference, and the dev mailbox shows the mail
 * the server "sent". Each call also answers 404 when its own provider is the real one.
 */
import { Hono } from 'hono';
import { mailboxQuerySchema, testPaymentSchema } from '../../src/shared/schemas/dev';
import type { AppEnv } from '../context';
import { authenticate } from '../http/auth';
import { conflict, notFound } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import { recordTestPayment } from '../db/payments';

export const devRoutes = new Hono<AppEnv>();

devRoutes.post('/dev/payments', async (c) => {
  const { db, payments } = c.var.deps;
  if (payments.kind !== 'test-ledger') throw notFound();
  const callerId = await authenticate(c);
  const body = await readJson(c, testPaymentSchema);
  const recorded = await recordTestPayment(db, { reference: body.reference, amountKobo: body.amount, email: body.email, userId: callerId });
  if (!recorded) throw conflict('This payment reference has already been recorded');
  return c.json({ data: { reference: body.reference, amount: body.amount, status: 'success' as const } }, 201);
});

// No token: the mailbox is read while recovering a forgotten password.
devRoutes.get('/dev/mailbox', (c) => {
  const { mailer } = c.var.deps;
  if (!mailer.inbox) throw notFound();
  const address = parseWith(mailboxQuerySchema, { email: c.req.query('email') }).email;
  return c.json({ data: mailer.inbox(address) });
});
