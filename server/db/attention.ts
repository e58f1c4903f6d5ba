/**
 * Payments needing attention (table `payments_needing_attention`): a charged or claimed
 * reference that could not become a task or a subscription, with the reason and the
 * client's request, kept until an operator settles it (honoured or refunded).
 */
import type { Queryable } from './connection';
import type { PaymentPurpose } from './payments';

export interface AttentionRow {
  reference: string;
  purpose: PaymentPurpose | null;
  user_id: string | null;
  reason: string;
  request: Record<string, unknown> | string | null;
  first_seen_at: Date;
  last_seen_at: Date;
  attempts: number;
  settled_at: Date | null;
  settlement: string | null;
  /** The provider's event when the charge was reversed after it paid for something (migration 018). */
  reversal?: string | null;
  // From the charge, when the provider confirmed one.
  amount_kobo: number | null;
  currency: string | null;
  email: string | null;
  paid_at: Date | null;
  // The client, when known.
  client_email: string | null;
  client_firstname: string | null;
  client_lastname: string | null;
}

const SELECT = `select a.*, c.amount_kobo, c.currency, c.email, c.paid_at,
    u.email as client_email, u.firstname as client_firstname, u.lastname as client_lastname
  from payments_needing_attention a
  left join charges c on c.reference = a.reference
  left join users u on u.id = a.user_id`;

export async function findAttention(db: Queryable, reference: string): Promise<AttentionRow | undefined> {
  const [row] = await db.query<AttentionRow>(`${SELECT} where a.reference = $1`, [reference]);
  return row;
}

/** Open ones (oldest first), or all of them when `includeSettled`. */
export async function selectAttention(
  db: Queryable,
  options: { includeSettled?: boolean } = {},
): Promise<AttentionRow[]> {
  return db.query<AttentionRow>(
    `${SELECT} where ($1::boolean or a.settled_at is null) order by a.first_seen_at, a.reference`,
    [options.includeSettled ?? false],
  );
}

/**
 * Keeps (or updates) an open entry: the latest reason and request win, attempts count up.
 * A settled entry is left alone.
 */
export async function upsertAttention(
  db: Queryable,
  entry: { reference: string; purpose: PaymentPurpose | null; userId: string | null; reason: string; request: unknown },
): Promise<void> {
  await db.query(
    `insert into payments_needing_attention (reference, purpose, user_id, reason, request)
     values ($1, $2, $3, $4, $5)
     on conflict (reference) do update
       set reason = excluded.reason, request = coalesce(excluded.request, payments_needing_attention.request),
           purpose = coalesce(excluded.purpose, payments_needing_attention.purpose),
           user_id = coalesce(excluded.user_id, payments_needing_attention.user_id),
           last_seen_at = now(), attempts = payments_needing_attention.attempts + 1
       where payments_needing_attention.settled_at is null`,
    [
      entry.reference,
      entry.purpose,
      entry.userId,
      entry.reason,
      entry.request === undefined ? null : JSON.stringify(entry.request),
    ],
  );
}

/** Marks an entry settled (creating it for a charge that had none); false when it was settled already. */
export async function settleAttention(
  db: Queryable,
  reference: string,
  settlement: string,
  reasonIfNew: string,
): Promise<boolean> {
  const rows = await db.query(
    `insert into payments_needing_attention (reference, reason, settled_at, settlement)
     values ($1, $3, now(), $2)
     on conflict (reference) do update set settled_at = now(), settlement = excluded.settlement
       where payments_needing_attention.settled_at is null
     returning reference`,
    [reference, settlement, reasonIfNew],
  );
  return rows.length === 1;
}

/** The reference became a task or a subscription after all: an open entry is settled as honoured. */
export async function markAttentionHonoured(db: Queryable, reference: string): Promise<void> {
  await db.query(
    `update payments_needing_attention set settled_at = now(), settlement = 'honoured' where reference = $1 and settled_at is null`,
    [reference],
  );
}

/**
 * Puts a charge reversed after it paid for something in front of the operator: a new entry, or
 * the settled one of an honoured payment opened again, with the event and what it paid for.
 */
export async function openReversalAttention(
  db: Queryable,
  entry: { reference: string; purpose: PaymentPurpose; userId: string; reason: string; event: string },
): Promise<void> {
  await db.query(
    `insert into payments_needing_attention (reference, purpose, user_id, reason, reversal)
     values ($1, $2, $3, $4, $5)
     on conflict (reference) do update
       set reason = excluded.reason, reversal = excluded.reversal, settled_at = null, settlement = null,
           purpose = excluded.purpose, user_id = excluded.user_id, last_seen_at = now(),
           attempts = payments_needing_attention.attempts + 1`,
    [entry.reference, entry.purpose, entry.userId, entry.reason, entry.event],
  );
}
