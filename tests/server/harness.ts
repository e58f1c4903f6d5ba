/**
 * Server test harness: one app per test file on a database of its own (in-memory PGlite,
 * whose start-up is the slow part, or a fresh PostgreSQL database under
 * `npm run test:server:pg`: see test-database.ts), plus helpers to call it like the client does.
 */
import { loadConfig, type ServerConfig } from '../../server/config';
import { createApp } from '../../server/app';
import { createDeps } from '../../server/services';
import type { AppDeps } from '../../server/context';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/http/rate-limit';
import { type Logger, silentLogger } from '../../server/log';

/**
 * Test files sign up many clients from one address ('local') and book many tasks under clocks
 * that stand still: sign-ups and payment verifies are not limited unless a test says so.
 */
export const TEST_RATE_LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  signupPerAddress: { limit: 1_000_000, windowMs: 60_000 },
  verifyPerUser: { limit: 1_000_000, windowMs: 60_000 },
  verifyPerAddress: { limit: 1_000_000, windowMs: 60_000 },
};
import { createServerDatabase, type TestDatabase } from './test-database';

export interface TestServer {
  deps: AppDeps;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string> },
    // biome-ignore lint/suspicious/noExplicitAny: a JSON response or a database row, read loosely; the assertions check its fields.
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Signs up a client and logs in; returns its id and token. */
  createClient(
    overrides?: Partial<{
      email: string;
      password: string;
      firstname: string;
      lastname: string;
      phonenumber: string;
      ref: string;
    }>,
  ): Promise<{ id: string; token: string; email: string; password: string }>;
  close(): Promise<void>;
}

let counter = 0;

/** A Nigerian mobile number no other client of this process has (one number, one client). */
export function uniquePhone(): string {
  counter += 1;
  return `+2348${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(6, '0')}`;
}

export async function createTestServer(
  options: {
    config?: Partial<ServerConfig>;
    limits?: Partial<RateLimits>;
    now?: () => Date;
    /** The server's logger (default: one that writes nothing); `captureLog()` keeps its lines. */
    log?: Logger;
    /** Trusts a fake push service's certificate (fake-push-service.ts). */
    pushAgent?: import('node:https').Agent;
    /** A database another test server uses too (two instances); its owner drops it. */
    database?: TestDatabase;
  } = {},
): Promise<TestServer> {
  const database = options.database ? { ...options.database, drop: async () => {} } : await createServerDatabase();
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      databaseUrl: database.databaseUrl,
      log: false,
      demo: false,
      simulator: false,
      ...options.config,
    },
  );
  let deps: AppDeps;
  try {
    deps = await createDeps(config, {
      limits: { ...TEST_RATE_LIMITS, ...options.limits },
      now: options.now,
      pgliteData: database.pgliteData,
      pushAgent: options.pushAgent,
      log: options.log ?? silentLogger(),
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const app = createApp(deps);

  const request: TestServer['request'] = async (method, path, { body, rawBody, token, headers = {} } = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (rawBody !== undefined || body !== undefined) {
      (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
      init.body = rawBody ?? JSON.stringify(body);
    }
    if (token) (init.headers as Record<string, string>).Authorization = `Bearer ${token}`;
    const response = await app.request(path, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  return {
    deps,
    request,
    async createClient(overrides = {}) {
      counter += 1;
      const email = overrides.email ?? `client${counter}-${Date.now()}@example.ng`;
      const password = overrides.password ?? 'correct-horse-1';
      const signup = await request('POST', '/client/signup', {
        body: { firstname: 'Ada', lastname: 'Obi', phonenumber: uniquePhone(), ...overrides, email, password },
      });
      if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
      const login = await request('POST', '/client/login', { body: { email, password } });
      if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
      return { id: signup.body.data.userId, token: login.body.data, email, password };
    },
    async close() {
      try {
        await deps.db.close();
      } finally {
        await database.drop();
      }
    },
  };
}

/** Counts the statements and transactions a server sends to its database while `work` runs. */
export async function statementsDuring(server: TestServer, work: () => Promise<unknown>): Promise<number> {
  const db = server.deps.db as { -readonly [K in keyof AppDeps['db']]: AppDeps['db'][K] };
  const { query, transaction } = db;
  let sent = 0;
  db.query = (...args) => {
    sent += 1;
    return query(...args);
  };
  db.transaction = (...args) => {
    sent += 1;
    return transaction(...args);
  };
  try {
    await work();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return sent;
}
