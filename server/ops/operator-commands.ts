/**
 * Operator accounts as commands (`npm run ops -- add-operator`, POST /ops/operators): an admin
 * creates one with a role and hands over the one-time password, which is shown once and must
 * be changed at the first sign-in.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { newOperatorSchema } from '../../src/shared/schemas/ops-console';
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../db/connection';
import { insertOperator, selectOperators, type OperatorRole, type OperatorRow } from '../db/operators';
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

/** The new operator and the one-time password (stored hashed, shown this once). */
export async function addOperator(
  db: Queryable,
  input: { email: unknown; role: unknown },
  now: Date,
): Promise<{ operator: OpsOperator; password: string }> {
  const { email, role } = parseOpsInput(newOperatorSchema, input);
  const password = operatorOneTimePassword();
  const id = randomUUID();
  if (!(await insertOperator(db, { id, email, role, passwordHash: await hashPassword(password), now })))
    throw new OpsError('invalid', `An operator with e-mail ${email} exists already`);
  return {
    operator: { id, email, role, active: true, mustChangePassword: true, createdAt: now.toISOString() },
    password,
  };
}
