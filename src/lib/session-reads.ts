/**
 * What the signed-in screens read, for one navigation. The /client route creates it before
 * every navigation of the signed-in area (its `beforeLoad` puts it in the route context), and
 * each screen's route loader asks it for what the screen shows. So the signed-in user is read
 * at most once per navigation, shared by everyone who asks, and read afresh on the next
 * navigation or refetch. Nothing is read until asked: hovering a link preloads code, not data
 * (the data routes set `preload: false`).
 *
 * This module is part of the first screen's code, so it only names the reads: the calls and
 * the HTTP client (signed-in-reads.ts) are loaded with the first read.
 */
import type { Answer } from './api/answer';
import type { UserAndTasks } from './signed-in-reads';
import type { User } from '../shared/contract';
import type { PriceTable } from '../shared/pricing';

export interface SessionReads {
  /** The signed-in user. */
  user(): Promise<Answer<User>>;
  /** The user and their tasks (oldest first, as the server sends them). */
  userAndTasks(): Promise<Answer<UserAndTasks>>;
  /** The price table; the fallback prices when the price list cannot be read. */
  priceTable(): Promise<Answer<PriceTable>>;
  /** The price table kept on this device from an earlier visit, or null: painted while `priceTable` answers. */
  keptPriceTable(): Promise<PriceTable | null>;
}

/** Reads started and not settled yet, of every navigation (a refetch waits for its own: readsSettled). */
const unsettled = new Set<Promise<unknown>>();

function track<T>(read: Promise<T>): Promise<T> {
  unsettled.add(read);
  const settled = () => unsettled.delete(read);
  read.then(settled, settled);
  return read;
}

/** Resolves when every read started so far has an answer or has failed. */
export async function readsSettled(): Promise<void> {
  await Promise.allSettled([...unsettled]);
}

function once<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= track(start()));
}

function onceUntracked<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= start());
}

export function createSessionReads(token: string | null): SessionReads {
  const reads = once(() => import('./signed-in-reads'));
  const user = once(async () => (await reads()).readUser(token));
  return {
    user,
    userAndTasks: once(async () => (await reads()).readUserAndTasks(token, user)),
    priceTable: once(async () => (await reads()).readPriceTable()),
    // Not tracked: a refetch waits for the network's answers, not for the device.
    keptPriceTable: onceUntracked(async () => (await reads()).readKeptPriceTable(token)),
  };
}
