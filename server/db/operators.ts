/** Operator accounts (issue 47, docs/operations.md 'The console'): staff who sign in to /ops/ with a role. */
import type { OperatorRole } from '../../src/shared/schemas/ops-console';
import type { Queryable } from './connection';

export type { OperatorRole };

export interface OperatorRow {
  id: string;
  email: string;
  role: OperatorRole;
  password_hash: string;
  must_change_password: boolean;
  session_version: number;
  active: boolean;
  created_at: Date;
}

const COLUMNS = 'id, email, role, password_hash, must_change_password, session_version, active, created_at';

export async function findOperatorById(db: Queryable, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(`select ${COLUMNS} from operators where id = $1`, [id]);
  return row;
}

export async function findOperatorByEmail(db: Queryable, email: string): Promise<OperatorRow | undefined> {
  const [row] = await db.query<OperatorRow>(`select ${COLUMNS} from operators where email = $1`, [email]);
  return row;
}

export async function selectOperators(db: Queryable): Promise<OperatorRow[]> {
  return db.query<OperatorRow>(`select ${COLUMNS} from operators order by created_at, email`);
}

/** False when the e-mail is taken. */
export async function insertOperator(
  db: Queryable,
  operator: { id: string; email: string; role: OperatorRole; passwordHash: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `insert into operators (id, email, role, password_hash, created_at) values ($1, $2, $3, $4, $5)
     on conflict (email) do nothing returning id`,
    [operator.id, operator.email, operator.role, operator.passwordHash, operator.now],
  );
  return rows.length > 0;
}

/** The operator's own password: older tokens end; the answer is the new session version. */
export async function changeOperatorPassword(db: Queryable, id: string, passwordHash: string): Promise<number> {
  const [row] = await db.query<{ session_version: number }>(
    `update operators set password_hash = $2, must_change_password = false, session_version = session_version + 1
      where id = $1 returning session_version`,
    [id, passwordHash],
  );
  return row.session_version;
}

/** The most a support agent may refund by cancelling a task, in kobo. */
export async function supportRefundLimitKobo(db: Queryable): Promise<number> {
  const [row] = await db.query<{ support_refund_limit_kobo: number }>(
    'select support_refund_limit_kobo from ops_settings',
  );
  return row?.support_refund_limit_kobo ?? 2_000_000;
}

export async function setSupportRefundLimitKobo(db: Queryable, kobo: number): Promise<void> {
  await db.query('update ops_settings set support_refund_limit_kobo = $1', [kobo]);
}

/** No sign-in, and every token ends (the active check and a new session version). */
export async function deactivateOperator(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    'update operators set active = false, session_version = session_version + 1 where id = $1 returning id',
    [id],
  );
  return rows.length > 0;
}

/** A new one-time password for an operator who has not chosen their own yet; false when they have (or none exists). */
export async function renewOneTimePassword(db: Queryable, email: string, passwordHash: string): Promise<boolean> {
  const rows = await db.query(
    `update operators set password_hash = $2, session_version = session_version + 1
      where email = $1 and must_change_password returning id`,
    [email, passwordHash],
  );
  return rows.length > 0;
}

/**
 * Adds `kobo` to what the operator refunded on `day` when the sum stays within `limitKobo`
 * (true), else changes nothing (false). The upsert locks the operator's row for the day until
 * the transaction ends: a second refund at once waits, then sees the first's sum.
 */
export async function addSupportRefund(
  db: Queryable,
  refund: { operatorId: string; day: string; kobo: number; limitKobo: number },
): Promise<boolean> {
  const rows = await db.query(
    `insert into support_refund_days as spent (operator_id, day, refunded_kobo)
       select $1, $2::date, $3::bigint where $3::bigint <= $4::bigint
     on conflict (operator_id, day) do update set refunded_kobo = spent.refunded_kobo + excluded.refunded_kobo
       where spent.refunded_kobo + excluded.refunded_kobo <= $4::bigint
     returning refunded_kobo`,
    [refund.operatorId, refund.day, refund.kobo, refund.limitKobo],
  );
  return rows.length > 0;
}

/** What the operator refunded on `day` so far (kobo). */
export async function supportRefundedOn(db: Queryable, operatorId: string, day: string): Promise<number> {
  const [row] = await db.query<{ refunded_kobo: number }>(
    'select refunded_kobo from support_refund_days where operator_id = $1 and day = $2::date',
    [operatorId, day],
  );
  return row?.refunded_kobo ?? 0;
}
