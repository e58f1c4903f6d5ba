/**
 * The dashboard's reads (the user and their tasks), startable before the screen's code has
 * arrived: the home route's loader starts them while the chunks download, and the screen
 * takes that answer instead of asking again (if it is recent and for the same token).
 */
import type { Task, User } from '../../lib/contract';
import { decodeJwtSubject, oldestCachedAt } from '../../lib/offline-answers';
import { getToken } from '../../lib/token-storage';
import { getTasks } from './api/get-tasks';
import { getUser } from './api/get-user';

export interface DashboardAnswer {
  user: User;
  tasks: Task[];
  /** When the answers are ones kept on the device (offline), the oldest one's time. */
  cachedAt: number | null;
}

/** A prefetched answer older than this is not used: the screen asks again. */
const PREFETCH_FRESH_MS = 10_000;

let prefetched: { token: string; at: number; answer: Promise<DashboardAnswer> } | null = null;

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

/** The user and their tasks (as the server sends them, oldest first). */
export async function readDashboard(token: string): Promise<DashboardAnswer> {
  const cachedTimes: Array<number | null> = [];
  const onCachedAt = (cachedAt: number | null) => cachedTimes.push(cachedAt);
  // The token names the user (its subject), so the tasks are asked for alongside the user
  // rather than after it: one round trip less before the dashboard shows.
  const subject = decodeJwtSubject(token);
  const earlyTasks = subject ? settle(getTasks(subject, onCachedAt)) : null;
  const user = await getUser(token, onCachedAt);
  const tasks = earlyTasks && subject === user._id ? unwrap(await earlyTasks) : await getTasks(user._id, onCachedAt);
  return { user, tasks, cachedAt: oldestCachedAt(...cachedTimes) };
}

/** Starts the reads for the stored token (the route's loader calls it). */
export function prefetchDashboard(): void {
  const token = getToken();
  if (!token) return;
  const answer = readDashboard(token);
  // Failures are reported when the screen takes the answer, not as unhandled rejections.
  answer.catch(() => undefined);
  prefetched = { token, at: Date.now(), answer };
}

/** The prefetched answer when it is fresh and for this token, else a new read. */
export function takeDashboard(token: string): Promise<DashboardAnswer> {
  const candidate = prefetched;
  prefetched = null;
  if (candidate && candidate.token === token && Date.now() - candidate.at < PREFETCH_FRESH_MS) return candidate.answer;
  return readDashboard(token);
}
