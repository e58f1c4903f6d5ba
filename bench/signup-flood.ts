/**
 * A real user's login while one address floods sign-ups: the flood is refused at the
 * per-address limit, where a refusal is one counter upsert and no password hash, so the user's
 * p99 should barely move (docs/performance.md, 'Login during a sign-up flood').
 */
import autocannon from 'autocannon';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/db/demo';
import { DEFAULT_RATE_LIMITS } from '../server/http/rate-limit';

export interface SignupFlood {
  login: { p50Ms: number; p99Ms: number; requestsPerSecond: number; failed: number };
  loginDuringFlood: { p50Ms: number; p99Ms: number; requestsPerSecond: number; failed: number };
  /** Sign-ups sent during the measured flood, and how many were refused (429). */
  flood: { sent: number; refused: number; perSecond: number };
}

const SECONDS = 5;
const FLOOD_PER_SECOND = 50;
const JSON_HEADERS = { 'Content-Type': 'application/json' };

function loginLoad(url: string) {
  return autocannon({
    url,
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    connections: 1,
    duration: SECONDS,
  });
}

function figures(result: Awaited<ReturnType<typeof loginLoad>>) {
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: Math.round(result.requests.average),
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

export async function measureSignupFlood(baseURL: string): Promise<SignupFlood> {
  if (new URL(baseURL).hostname !== '127.0.0.1') throw new Error('the flood runs on 127.0.0.1 only');
  const loginUrl = new URL('/client/login', baseURL).href;
  const signupUrl = new URL('/client/signup', baseURL).href;
  const signup = (n: number) =>
    JSON.stringify({
      firstname: 'Flood',
      lastname: 'Bot',
      email: `flood-${n}@example.ng`,
      phonenumber: '08012345678',
      password: 'flood-password-1',
    });

  const alone = await loginLoad(loginUrl);
  // Use up the address's sign-ups, so that the measured flood is all refusals.
  for (let n = 0; n < DEFAULT_RATE_LIMITS.signupPerAddress.limit; n += 1) {
    await fetch(signupUrl, { method: 'POST', headers: JSON_HEADERS, body: signup(n) });
  }
  const [during, flood] = await Promise.all([
    loginLoad(loginUrl),
    autocannon({
      url: signupUrl,
      method: 'POST',
      headers: JSON_HEADERS,
      body: signup(-1),
      connections: 5,
      overallRate: FLOOD_PER_SECOND,
      duration: SECONDS,
    }),
  ]);
  return {
    login: figures(alone),
    loginDuringFlood: figures(during),
    flood: {
      sent: flood.requests.total,
      refused: flood.statusCodeStats['429']?.count ?? 0,
      perSecond: Math.round(flood.requests.average),
    },
  };
}
