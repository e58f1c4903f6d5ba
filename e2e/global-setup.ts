/**
 * Starts the reference server (API + the built app in dist/) once for the whole run, on a
 * free port, with a fresh in-memory database and the demo data (no driver simulator, so
 * the data stays still). Workers reach it through E2E_BASE_URL (`use.baseURL`). The function
 * it returns is the global teardown: it closes the server.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../server/index';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../server/http/rate-limit';
import { E2E_PUSH_ORIGIN } from './support/push';
import { startFakeSms } from '../tests/server/fake-sms';

/** Every journey signs up and in from 127.0.0.1: per-address limits would throttle the suite itself. */
const rateLimits: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  loginPerAddress: { limit: 10_000, windowMs: 60_000 },
  signupPerAddress: { limit: 10_000, windowMs: 60_000 },
  recoveryPerAddress: { limit: 10_000, windowMs: 60_000 },
  verifyPerAddress: { limit: 10_000, windowMs: 60_000 },
  phoneCodePerAddress: { limit: 10_000, windowMs: 60_000 },
  phoneCodePerRange: { limit: 10_000, windowMs: 60_000 },
  phoneVerifyPerAddress: { limit: 10_000, windowMs: 60_000 },
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** E2E_DIST_DIR lets parallel work trees of one checkout test their own build. */
const distDir = resolve(root, process.env.E2E_DIST_DIR ?? 'dist');

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`No built app in ${distDir}: run \`npm run build\` before the end-to-end tests.`);
  }
  // The operator API plays the driver's side (moves, chat replies); workers read the token from E2E_OPS_TOKEN.
  process.env.OPS_TOKEN ||= randomBytes(24).toString('hex');
  process.env.E2E_OPS_TOKEN = process.env.OPS_TOKEN;
  // The journeys' push subscriptions name this push service (e2e/support/push.ts): nothing
  // listens there, so a push is refused at once and never leaves the machine.
  process.env.PUSH_ALLOWED_ORIGINS ||= E2E_PUSH_ORIGIN;
  // Sign-in codes go to a local fake Termii; workers read what each phone received at E2E_SMS_URL/sent.
  const sms = await startFakeSms();
  process.env.SMS_API_URL = sms.url;
  process.env.SMS_API_KEY = 'e2e-termii-key';
  process.env.E2E_SMS_URL = sms.url;
  const server = await startServer({
    port: 0,
    dataDir: 'memory://',
    demo: true,
    simulator: false,
    log: false,
    distDir,
    rateLimits,
    // Playwright's API client (the tests' \`request\`) reuses a pooled connection without heeding
    // the server's Keep-Alive hint: a journey idle about 65 s (a driver waiting for its offer)
    // sent its next call as the server closed that connection, and read ECONNRESET (Playwright
    // issue 42698). Browsers retry such a request themselves; the test client does not, so no
    // connection here goes idle for longer than the longest test.
    keepAliveMs: 600_000,
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.close();
    await sms.close();
  };
}
