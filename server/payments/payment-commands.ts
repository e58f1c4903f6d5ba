/**
 * Operator commands for money that did not become what it paid for (`npm run ops -- payments
 * | honour | settle`, and /ops/payments): payments needing attention and unclaimed charges,
 * each honoured or settled with a note (docs/operations.md, 'Payments needing attention').
 */
import { koboToNaira } from '../../src/shared/money';
import { ruleProblem } from '../../src/shared/quantity';
import { settlementNoteSchema } from '../../src/shared/schemas/ops-console';
import { z } from 'zod';
import { findPlan } from '../db/plans';
import { findAttention, selectAttention, settleAttention, type AttentionRow } from '../db/attention';
import { findCharge, findReversal, selectUnclaimedCharges } from '../db/charges';
import { selectFailedRefunds } from '../db/refunds';
import type { Db } from '../db/connection';
import type { PaymentPurpose } from '../db/payments';
import { priceForServiceKey } from '../db/pricing';
import { fulfilSubscription, fulfilTaskOrder } from './fulfil';
import { OpsError, parseOpsInput } from '../console/commands';
import { type AuditActor, writeAudit } from '../db/audit';

export const UNCLAIMED_AFTER_MINUTES = 30;
const UNCLAIMED_REASON = `Paid, but no booking arrived within ${UNCLAIMED_AFTER_MINUTES} minutes`;

/**
 * `refund-failed`: a cancelled task's refund the provider refused or reported failed (refund it by hand).
 * `reversed-after-fulfilment`: refunded or disputed with the provider after it paid for a task or plan.
 */
export type OpsPaymentState =
  | 'needs-attention'
  | 'unclaimed'
  | 'settled'
  | 'refund-failed'
  | 'reversed-after-fulfilment';

export interface OpsPayment {
  reference: string;
  state: OpsPaymentState;
  reason: string;
  purpose: PaymentPurpose | null;
  /** What the provider confirmed, in naira; null when it confirmed nothing. */
  amount: number | null;
  currency: string | null;
  /** The e-mail the charge was paid with. */
  payerEmail: string | null;
  client: { id: string; name: string; email: string } | null;
  /** What it was for: the service and address of a task, or the plan. */
  wanted: string | null;
  since: string;
  attempts: number;
  settledAt: string | null;
  settlement: string | null;
}

export const referenceSchema = z
  .string({ error: 'reference is required' })
  .trim()
  .min(1, 'reference is required')
  .max(100, 'reference is too long');

const iso = (value: Date | string) => new Date(value).toISOString();

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return asRecord(JSON.parse(value));
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function wantedOf(purpose: string | null, request: unknown): string | null {
  const body = asRecord(request);
  if (purpose === 'task')
    return (
      [body.serviceName ?? body.type, body.address].filter((part) => typeof part === 'string' && part).join(', ') ||
      null
    );
  if (purpose === 'subscription' && typeof body.plan === 'string') return `${body.plan} plan`;
  return null;
}

function fromAttention(row: AttentionRow): OpsPayment {
  return {
    reference: row.reference,
    state: row.settled_at ? 'settled' : row.reversal ? 'reversed-after-fulfilment' : 'needs-attention',
    reason: row.reason,
    purpose: row.purpose,
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
    currency: row.currency,
    payerEmail: row.email,
    client:
      row.user_id && row.client_email
        ? { id: row.user_id, name: `${row.client_firstname} ${row.client_lastname}`, email: row.client_email }
        : null,
    wanted: wantedOf(row.purpose, row.request),
    since: iso(row.first_seen_at),
    attempts: row.attempts,
    settledAt: row.settled_at ? iso(row.settled_at) : null,
    settlement: row.settlement,
  };
}

/** Payments needing attention and unclaimed charges, oldest first; settled ones too with `all`. */
export async function listPayments(db: Db, options: { all?: boolean; now?: Date } = {}): Promise<OpsPayment[]> {
  const now = options.now ?? new Date();
  const kept = (await selectAttention(db, { includeSettled: options.all })).map(fromAttention);
  const unclaimed = (await selectUnclaimedCharges(db, new Date(now.getTime() - UNCLAIMED_AFTER_MINUTES * 60_000))).map(
    (charge): OpsPayment => ({
      reference: charge.reference,
      state: 'unclaimed',
      reason: UNCLAIMED_REASON,
      purpose: null,
      amount: koboToNaira(charge.amountKobo),
      currency: charge.currency,
      payerEmail: charge.email || null,
      client: null,
      wanted: wantedOf('task', charge.metadata ?? {}),
      since: iso(charge.receivedAt),
      attempts: 0,
      settledAt: null,
      settlement: null,
    }),
  );
  const refunds = (await selectFailedRefunds(db)).map(
    (refund): OpsPayment => ({
      reference: refund.reference,
      state: 'refund-failed',
      reason:
        refund.failure ??
        (refund.status === 'pending' ? 'The refund was never asked of the payment provider' : 'The refund failed'),
      purpose: 'task',
      amount: koboToNaira(refund.amount_kobo),
      currency: 'NGN',
      payerEmail: refund.client_email,
      client: {
        id: refund.user_id,
        name: `${refund.client_firstname} ${refund.client_lastname}`,
        email: refund.client_email,
      },
      wanted: `refund of the cancelled ${refund.service_name}, ${refund.address}`,
      since: iso(refund.updated_at),
      attempts: 0,
      settledAt: null,
      settlement: null,
    }),
  );
  return [...kept, ...unclaimed, ...refunds].sort((a, b) => a.since.localeCompare(b.since));
}

async function loadPayment(db: Db, reference: string): Promise<OpsPayment> {
  const row = await findAttention(db, reference);
  if (!row) throw new OpsError('not-found', `No payment needing attention with reference "${reference}"`);
  return fromAttention(row);
}

/** Marks a payment needing attention (or an unclaimed charge) as settled, with how. */
export async function settlePayment(
  db: Db,
  referenceInput: string,
  noteInput: string,
  audit?: AuditActor,
): Promise<OpsPayment> {
  const reference = parseOpsInput(referenceSchema, referenceInput);
  const note = parseOpsInput(settlementNoteSchema, noteInput);
  const known = (await findAttention(db, reference)) ?? ((await findCharge(db, reference)) ? undefined : null);
  if (known === null)
    throw new OpsError('not-found', `No payment needing attention and no charge with reference "${reference}"`);
  if (known?.settled_at)
    throw new OpsError('invalid', `Payment ${reference} was already settled (${known.settlement})`);
  await db.transaction(async (tx) => {
    await settleAttention(tx, reference, note, UNCLAIMED_REASON);
    if (audit)
      await writeAudit(tx, audit, {
        action: 'payment.settle',
        subject: `payment:${reference}`,
        before: { settled: false, reason: known?.reason ?? UNCLAIMED_REASON },
        after: { settled: true, note },
      });
  });
  return loadPayment(db, reference);
}

export interface Honoured {
  payment: OpsPayment;
  /** The task created, or the client whose plan was set. */
  taskId: string | null;
  subscription: { plan: string; expiresAt: string } | null;
}

const taskRequestSchema = z.object({
  address: z.string(),
  addressDetails: z.string().optional(),
  location: z.object({ coordinates: z.tuple([z.number(), z.number()]) }),
  type: z.string(),
  quantity: z.number().optional().catch(undefined),
  scheduledFor: z
    .object({ start: z.string(), end: z.string() })
    .nullish()
    .catch(null)
    .refine(
      (window) =>
        !window || (Number.isFinite(Date.parse(window.start)) && Date.parse(window.end) > Date.parse(window.start)),
    )
    .catch(null),
});

/** Gives the client what the kept request asked for, at the amount the provider confirmed. */
export async function honourPayment(
  db: Db,
  referenceInput: string,
  now: Date = new Date(),
  audit?: AuditActor,
): Promise<Honoured> {
  const honoured = await honour(db, referenceInput, now);
  // After the fulfilment's own transactions: what was given is known only then.
  if (audit)
    await writeAudit(db, audit, {
      action: 'payment.honour',
      subject: `payment:${honoured.payment.reference}`,
      before: { settled: false },
      after: { taskId: honoured.taskId, subscription: honoured.subscription, settlement: honoured.payment.settlement },
    });
  return honoured;
}

async function honour(db: Db, referenceInput: string, now: Date): Promise<Honoured> {
  const reference = parseOpsInput(referenceSchema, referenceInput);
  const entry = await findAttention(db, reference);
  if (!entry) throw new OpsError('not-found', `No payment needing attention with reference "${reference}"`);
  if (entry.settled_at) throw new OpsError('invalid', `Payment ${reference} was already settled (${entry.settlement})`);
  const reversal = await findReversal(db, reference);
  if (reversal)
    throw new OpsError(
      'invalid',
      `Payment ${reference} was reversed with the provider (${reversal}): there is nothing to honour (settle it instead)`,
    );
  const charge = await findCharge(db, reference);
  if (!charge)
    throw new OpsError(
      'invalid',
      `Payment ${reference} has no confirmed charge: there is nothing to honour (settle it instead)`,
    );
  if (charge.currency.toUpperCase() !== 'NGN')
    throw new OpsError(
      'invalid',
      `Payment ${reference} was made in ${charge.currency}: refund it and settle it instead`,
    );
  if (!entry.user_id || !entry.purpose)
    throw new OpsError('invalid', `Payment ${reference} has no client request to honour: settle it instead`);
  const request = asRecord(entry.request);
  const used = () => new OpsError('invalid', `Payment ${reference} has already paid for something`);

  if (entry.purpose === 'subscription') {
    const plan = typeof request.plan === 'string' ? await findPlan(db, request.plan) : undefined;
    if (!plan) throw new OpsError('invalid', `Payment ${reference} asked for an unknown plan: settle it instead`);
    const user = await fulfilSubscription(
      db,
      { reference, userId: entry.user_id, plan, amountKobo: charge.amountKobo },
      now,
    );
    if (user === null) throw used();
    if (user === 'no-user')
      throw new OpsError('invalid', `The client of payment ${reference} no longer exists: settle it instead`);
    return {
      payment: await loadPayment(db, reference),
      taskId: null,
      subscription: { plan: plan.key, expiresAt: iso(user.subscription_expires_at!) },
    };
  }

  const parsed = taskRequestSchema.safeParse(request);
  if (!parsed.success)
    throw new OpsError('invalid', `Payment ${reference} has no usable task request: settle it instead`);
  const [lng, lat] = parsed.data.location.coordinates;
  const service = await priceForServiceKey(db, parsed.data.type);
  const order = {
    reference,
    userId: entry.user_id,
    address: parsed.data.address,
    addressDetails: parsed.data.addressDetails ?? '',
    lng,
    lat,
    type: parsed.data.type,
    serviceName: service.serviceName,
    unit: service.unit,
    // Honoured at the amount paid: the quantity asked for when it was a possible one, the window
    // while it is still ahead (else as soon as possible).
    quantity:
      parsed.data.quantity !== undefined && ruleProblem(service.rule, parsed.data.quantity) === null
        ? parsed.data.quantity
        : 1,
    scheduledFor:
      parsed.data.scheduledFor && Date.parse(parsed.data.scheduledFor.start) > now.getTime()
        ? {
            start: new Date(parsed.data.scheduledFor.start).toISOString(),
            end: new Date(parsed.data.scheduledFor.end).toISOString(),
          }
        : null,
  };
  const taskId = await fulfilTaskOrder(
    db,
    // The whole quantity at the amount paid: the unit price is that amount shared out.
    { ...order, amountKobo: charge.amountKobo, unitPriceKobo: Math.round(charge.amountKobo / order.quantity) },
    now,
  );
  if (!taskId) throw used();
  return { payment: await loadPayment(db, reference), taskId, subscription: null };
}
