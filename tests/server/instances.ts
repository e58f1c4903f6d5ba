/**
 * Two servers' dependencies on one PostgreSQL database, as N instances run in production: what
 * the race tests (`*-two-instances.test.ts`, `npm run test:server:pg`) start from.
 */
import type { Hono } from 'hono';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { AppDeps, AppEnv } from '../../server/context';
import { createDeps } from '../../server/services';
import type { OperatorRole } from '../../server/db/operators';
import { addOperator } from '../../server/console/operator-commands';
import { addDriver } from '../../server/console/commands';
import type { TestDatabase } from './test-database';

export interface InstanceOptions {
  /** Settings as environment variables (both instances read the same). */
  env?: NodeJS.ProcessEnv;
  config?: Partial<ServerConfig>;
  deps?: Parameters<typeof createDeps>[1];
}

/** One after the other: the second finds the first's migrations done, as a rolling start does. */
export async function twoInstances(database: TestDatabase, options: InstanceOptions = {}): Promise<[AppDeps, AppDeps]> {
  const config = loadConfig(options.env ?? {}, {
    dataDir: 'memory://',
    databaseUrl: database.databaseUrl,
    log: false,
    ...options.config,
  });
  const a = await createDeps(config, options.deps);
  const b = await createDeps(config, options.deps);
  return [a, b];
}

/** A JSON call to an instance's app, its answer read loosely (the assertions check its fields). */
export async function call(app: Hono<AppEnv>, method: string, path: string, body: unknown, token?: string) {
  const response = await app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a JSON response, read loosely; the assertions check its fields.
  return { status: response.status, body: (await response.json()) as any };
}

/** An operator added on `a`, signed in there, past the one-time password on `appB`: their token. */
export async function twoInstanceOperator(
  a: AppDeps,
  [appA, appB]: [Hono<AppEnv>, Hono<AppEnv>],
  role: OperatorRole,
  email: string,
): Promise<string> {
  const { password } = await addOperator(a.db, { email, role }, new Date());
  const login = await call(appA, 'POST', '/ops/login', { email, password });
  const changed = await call(
    appB,
    'POST',
    '/ops/password',
    { currentPassword: password, newPassword: 'a long staff passphrase' },
    login.body.data,
  );
  if (changed.status !== 200) throw new Error(`the operator's password change answered ${changed.status}`);
  return changed.body.data as string;
}

/**
 * A driver added on `a`, signed in there, past the one-time password on `appB`, and online:
 * its id and token (the race tests' drivers, each where the test puts it).
 */
export async function twoInstanceDriver(
  a: AppDeps,
  [appA, appB]: [Hono<AppEnv>, Hono<AppEnv>],
  phone: string,
  at: { lat: number; lng: number },
): Promise<{ id: string; token: string }> {
  const added = await addDriver(a.db, { firstname: 'Segun', lastname: 'Driver', phone, ...at });
  const login = await call(appA, 'POST', '/driver/login', { phone, password: added.password });
  const changed = await call(
    appB,
    'POST',
    '/driver/password',
    { currentPassword: added.password, newPassword: 'my-own-password' },
    login.body.data,
  );
  if (changed.status !== 200) throw new Error(`the driver's password change answered ${changed.status}`);
  const token = changed.body.data as string;
  const online = await call(appA, 'POST', '/driver/availability', { online: true }, token);
  if (online.status !== 200) throw new Error(`going online answered ${online.status}`);
  return { id: added.id, token };
}
