/** Operators for the console's tests: added as an admin would, signed in, their own password set. */
import { expect } from 'vitest';
import type { OperatorRole } from '../../server/db/operators';
import { addOperator } from '../../server/console/operator-commands';
import type { TestServer } from './harness';

let counter = 0;
export const OPERATOR_PASSWORD = 'a long staff passphrase';

/** A new operator's one-time sign-in: the token still behind the 'Change your password first' gate. */
export async function newOperator(server: TestServer, role: OperatorRole) {
  counter += 1;
  const email = `${role}${counter}-${Date.now()}@greenpick.ng`;
  const { operator, password } = await addOperator(server.deps.db, { email, role }, new Date());
  const login = await server.request('POST', '/ops/login', { body: { email, password } });
  expect(login.status).toBe(200);
  return { id: operator.id, email, password, token: login.body.data as string };
}

/** An operator who signed in and changed the one-time password: a token that passes the gate. */
export async function readyOperator(server: TestServer, role: OperatorRole) {
  const added = await newOperator(server, role);
  const changed = await server.request('POST', '/ops/password', {
    token: added.token,
    body: { currentPassword: added.password, newPassword: OPERATOR_PASSWORD },
  });
  expect(changed.status).toBe(200);
  return { id: added.id, email: added.email, token: changed.body.data as string };
}
