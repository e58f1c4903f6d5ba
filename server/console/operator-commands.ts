/**
 * Operator accounts as commands (`npm run ops -- add-operator`, POST /ops/operators): an admin
 * creates one with a role and hands over the one-time password, which is shown once and must
 * be changed at the first sign-in.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { newOperatorSchema } from '../../src/shared/schemas/ops-console';
import { hashPassword } from '../accounts/passwords';
import { type AuditActor, writeAudit } from '../db/audit';
import type { Db, Queryable } from '../db/connection';
import {
  deactivateOperator as deactivateOperatorRow,
  findOperatorByEmail,
  findOperatorById,
  insertOperator,
  renewOneTimePassword,
  selectOperators,
  type OperatorRole,
  type OperatorRow,
} from '../db/operators';
import { OpsError, parseOpsInput } from './commands';

export interface OpsOperator {
  id: string;
  email: string;
  role: OperatorRole;
  active: boolean;
  mustChangePassword: boolean;
  createdAt: string;
}

export function toOpsOperator(row: OperatorRow): OpsOperator {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    active: row.active,
    mustChangePassword: row.must_change_password,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** 16 characters without look-alikes (no 0/O, 1/I/L): a staff account's first password. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function operatorOneTimePassword(): string {
  return Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

export async function listOperators(db: Queryable): Promise<OpsOperator[]> {
  return (await selectOperators(db)).map(toOpsOperator);
}

/** The new operator and the one-time password (stored hashed, shown this once); audited with `audit`. */
export async function addOperator(
  db: Db,
  input: { email: unknown; role: unknown },
  now: Date,
  audit?: AuditActor,
): Promise<{ operator: OpsOperator; password: string }> {
  const { email, role } = parseOpsInput(newOperatorSchema, input);
  const password = operatorOneTimePassword();
  const passwordHash = await hashPassword(password);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    if (!(await insertOperator(tx, { id, email, role, passwordHash, now })))
      throw new OpsError('invalid', `An operator with e-mail ${email} exists already`);
    if (audit)
      await writeAudit(tx, audit, { action: 'operator.add', subject: `operator:${id}`, after: { email, role } });
  });
  return {
    operator: { id, email, role, active: true, mustChangePassword: true, createdAt: now.toISOString() },
    password,
  };
}

/** An admin removes a colleague's access (not their own: the last admin could lock everyone out). */
export async function deactivateOperator(db: Db, id: string, audit: AuditActor): Promise<OpsOperator> {
  if (audit.operatorId === id) throw new OpsError('invalid', 'You cannot deactivate your own account');
  const before = await findOperatorById(db, id);
  if (!before) throw new OpsError('not-found', `No operator with id "${id}"`);
  await db.transaction(async (tx) => {
    await deactivateOperatorRow(tx, id);
    await writeAudit(tx, audit, {
      action: 'operator.deactivate',
      subject: `operator:${id}`,
      before: { email: before.email, active: before.active },
      after: { email: before.email, active: false },
    });
  });
  return toOpsOperator((await findOperatorById(db, id))!);
}

/** The demo's admin (DEMO=1), whose sign-in `npm start` prints. */
export const DEMO_ADMIN_EMAIL = 'admin@demo.greenpick.ng';

/**
 * The demo's admin account, made on the first demo start; each start gives it a fresh one-time
 * password until someone chose their own (then null: they know it).
 */
export async function ensureDemoAdmin(db: Db, now: Date): Promise<{ email: string; password: string | null }> {
  const existing = await findOperatorByEmail(db, DEMO_ADMIN_EMAIL);
  if (!existing) {
    try {
      const { password } = await addOperator(db, { email: DEMO_ADMIN_EMAIL, role: 'admin' }, now);
      return { email: DEMO_ADMIN_EMAIL, password };
    } catch (error) {
      // Another instance made it meanwhile: renew below.
      if (!(error instanceof OpsError)) throw error;
    }
  }
  const password = operatorOneTimePassword();
  const renewed = await renewOneTimePassword(db, DEMO_ADMIN_EMAIL, await hashPassword(password));
  return { email: DEMO_ADMIN_EMAIL, password: renewed ? password : null };
}
