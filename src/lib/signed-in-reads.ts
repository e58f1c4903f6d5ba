/**
 * The reads of the signed-in screens, composed from the endpoint calls (src/lib/api/):
 * the user, the user with their tasks, the price table and the one kept on the device.
 * session-reads.ts loads this
 * module with the first read of a navigation.
 */
import type { Task, User } from '../shared/contract';
import { decodeJwtSubject } from '../shared/offline-answers';
import { getCachedAnswer } from '../shared/offline-db';
import { FALLBACK_PRICES, priceTableOrFallback, toPriceTable, type PriceTable } from '../shared/pricing';
import { combineAnswers, type Answer } from './api/answer';
import { getPricing } from './api/pricing';
import { getTasks } from './api/tasks';
import { getUser } from './api/user';

export interface UserAndTasks {
  user: User;
  /** Oldest first, as the server sends them. */
  tasks: Task[];
}

/** Thrown when a read is asked for without a stored token (screens say 'No authentication token found' or their own text). */
export class NoTokenError extends Error {
  constructor() {
    super('No authentication token found');
    this.name = 'NoTokenError';
  }
}

export function readUser(token: string | null): Promise<Answer<User>> {
  return token ? getUser(token) : Promise.reject(new NoTokenError());
}

type Settled<T> = { value: T } | { error: unknown };

/** Holds a rejection until it is awaited (no unhandled rejection while the user is still loading). */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function unwrap<T>(settled: Settled<T>): T {
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/**
 * The user and their tasks. The token names the user (its subject), so the tasks are asked
 * for alongside the user rather than after it: one round trip less before the screen shows.
 * Should the subject not be the user's id, the tasks are asked for again with the id.
 */
export async function readUserAndTasks(
  token: string | null,
  user: () => Promise<Answer<User>>,
): Promise<Answer<UserAndTasks>> {
  const subject = decodeJwtSubject(token);
  const early = subject ? settle(getTasks(subject)) : null;
  const userAnswer = await user();
  const tasks = early && subject === userAnswer.data._id ? unwrap(await early) : await getTasks(userAnswer.data._id);
  return combineAnswers(userAnswer, tasks, (loaded, ofUser) => ({ user: loaded, tasks: ofUser }));
}

/**
 * The price table: the price list by service key; the fallback prices when the call fails or
 * the answer is not a list (docs/product.md, Prices: a pricing failure is never shown).
 */
export async function readPriceTable(): Promise<Answer<PriceTable>> {
  try {
    const answer = await getPricing();
    return { data: priceTableOrFallback(answer.data), cachedAt: answer.cachedAt };
  } catch {
    return { data: FALLBACK_PRICES, cachedAt: null };
  }
}

/** Where the service worker keeps the price list's answer (src/shared/offline-answers.ts: GET admin/pricing, no body). */
const PRICING_ANSWER_KEY = 'admin/pricing';

/**
 * The price table the service worker kept on this device for the token's user, or null (none
 * kept, no token, no IndexedDB). A screen paints it at once while the network answers; it is
 * never paid from: payment waits for `readPriceTable`.
 */
export async function readKeptPriceTable(token: string | null): Promise<PriceTable | null> {
  const userId = decodeJwtSubject(token);
  if (!userId) return null;
  try {
    const kept = await getCachedAnswer<{ data?: unknown }>(userId, PRICING_ANSWER_KEY);
    return toPriceTable(kept?.body?.data);
  } catch {
    return null;
  }
}
