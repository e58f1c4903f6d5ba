/**
 * Paid tasks that must never be lost: the create request is written to IndexedDB before it is
 * sent and stays until the server confirms it, or until the client dismisses its refusal. The
 * page owns and replays them, never the worker, because they go with the session's token of
 * the moment (docs/offline.md, 'What is queued' and 'Who replays, and when').
 */
import { onBrowserOnlineChange } from './online';
import { readCallFailure, retryVerdict } from '../shared/call-failure';
import type { CreateTaskRequest, Task } from '../shared/contract';
import { createTask } from './api/tasks';
import {
  getPendingTasks,
  markPendingTaskAwaitingPayment,
  markPendingTaskRefused,
  putPendingTask,
  removePendingTask,
  type PendingTask,
} from '../shared/offline-db';

export type { PendingTask };
import { getToken } from './token-storage';

export type PaidTaskOutcome =
  | { status: 'created'; task: Task }
  /** Not confirmed yet (no network, time-out, server error): kept and retried. */
  | { status: 'queued' }
  /** Refused by the server; the message is the server's, or null. */
  | { status: 'failed'; message: string | null };

export interface PendingTaskStore {
  put(request: CreateTaskRequest): Promise<void>;
  remove(reference: string): Promise<void>;
  markRefused(reference: string, message: string | null): Promise<void>;
  /** The server said the payment is still being processed (a bank transfer not confirmed yet). */
  markAwaitingPayment(reference: string): Promise<void>;
  list(): Promise<PendingTask[]>;
}

export interface PaidTaskDeps {
  store: PendingTaskStore;
  /** Sends `POST client/create`; resolves with the task, rejects like ky (error.response on HTTP errors). */
  send(request: CreateTaskRequest): Promise<Task>;
}

export const offlineDbStore: PendingTaskStore = {
  put: (request) => putPendingTask(request),
  remove: (reference) => removePendingTask(reference),
  markRefused: (reference, message) => markPendingTaskRefused(reference, message),
  markAwaitingPayment: (reference) => markPendingTaskAwaitingPayment(reference),
  list: () => getPendingTasks(),
};

const defaultDeps: PaidTaskDeps = { store: offlineDbStore, send: createTask };

// ---- change notifications ----

const listeners = new Set<() => void>();

/** Calls `listener` after each change to the kept paid tasks made through this module; returns the unsubscribe function. */
export function onPendingTasksChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

// ---- sending ----

/** References being sent right now, so that a replay never races the first attempt. */
const inFlight = new Map<string, Promise<PaidTaskOutcome>>();

function send(request: CreateTaskRequest, deps: PaidTaskDeps): Promise<PaidTaskOutcome> {
  const running = inFlight.get(request.reference);
  if (running) return running;
  const attempt = (async (): Promise<PaidTaskOutcome> => {
    try {
      const task = await deps.send(request);
      await deps.store.remove(request.reference);
      changed();
      return { status: 'created', task };
    } catch (error) {
      const failure = await readCallFailure(error);
      // 'session': a retry sends the token of that moment (401/403 wait for the owner's sign-in).
      if (failure.kind === 'http' && retryVerdict(failure, 'session') === 'final') {
        const message = failure.message ?? null;
        await deps.store.markRefused(request.reference, message);
        changed();
        return { status: 'failed', message };
      }
      // 503: the provider has not confirmed the payment yet (a bank transfer): Home says it waits for it.
      if (failure.kind === 'http' && failure.status === 503) {
        await deps.store.markAwaitingPayment(request.reference);
        changed();
      }
      return { status: 'queued' };
    }
  })().finally(() => inFlight.delete(request.reference));
  inFlight.set(request.reference, attempt);
  return attempt;
}

/** Keeps the paid request durably, then sends it. */
export async function submitPaidTask(
  request: CreateTaskRequest,
  deps: PaidTaskDeps = defaultDeps,
): Promise<PaidTaskOutcome> {
  try {
    await deps.store.put(request);
    changed();
  } catch (error) {
    // No durable copy (e.g. storage full): still try now rather than lose the paid order.
    console.error('Could not keep the paid task on this device', error);
  }
  return send(request, deps);
}

export interface ResumedTask {
  request: CreateTaskRequest;
  outcome: PaidTaskOutcome;
  /** It had been refused before this attempt. */
  wasRefused: boolean;
}

/**
 * Sends kept paid tasks again, oldest first: the pending ones, and with `includeRefused` the
 * refused ones too. Nothing is sent without a token.
 */
export async function resumePendingTasks(
  deps: PaidTaskDeps = defaultDeps,
  hasToken: () => boolean = () => getToken() !== null,
  options: { includeRefused?: boolean } = {},
): Promise<ResumedTask[]> {
  if (!hasToken()) return [];
  const records = (await deps.store.list()).sort((a, b) => a.savedAt - b.savedAt);
  const results: ResumedTask[] = [];
  for (const record of records) {
    if (record.refusal && !options.includeRefused) continue;
    results.push({
      request: record.request,
      outcome: await send(record.request, deps),
      wasRefused: record.refusal !== undefined,
    });
  }
  return results;
}

/** Every paid task on the device, oldest first (`refusal` set: the server refused it for good). */
export async function listPendingTasks(store: PendingTaskStore = offlineDbStore): Promise<PendingTask[]> {
  return (await store.list()).sort((a, b) => a.savedAt - b.savedAt);
}

/** Removes a refused paid task once the client has read why; a pending one is never removed here. */
export async function dismissRefusedPaidTask(
  reference: string,
  store: PendingTaskStore = offlineDbStore,
): Promise<void> {
  const record = (await store.list()).find((candidate) => candidate.reference === reference);
  if (!record?.refusal) return;
  await store.remove(reference);
  changed();
}

/**
 * Each `online` event of the browser, through src/lib/online.ts (its one reader). Not
 * onlineManager's changes: a send that failed on a network the browser never saw drop leaves
 * onlineManager online, so its 'back online' would never come, while the event still does.
 */
function whenBrowserComesOnline(listener: () => void): () => void {
  return onBrowserOnlineChange((isOnline) => {
    if (isOnline) listener();
  });
}

/**
 * Each finished round is counted on the page, `data-paid-task-replays` on <html>: the sign an
 * end-to-end test waits on before it says a replay sent nothing more (no fixed wait).
 */
export const REPLAY_ROUNDS_ATTRIBUTE = 'data-paid-task-replays';

function countRound(): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.setAttribute(REPLAY_ROUNDS_ATTRIBUTE, String(Number(root.getAttribute(REPLAY_ROUNDS_ATTRIBUTE) ?? 0) + 1));
}

/** How often kept paid tasks are tried again while the app is open. */
export const REPLAY_INTERVAL_MS = 60_000;
/**
 * How often while one waits for its payment (a bank transfer): the server confirms a transfer
 * only when asked, and Home should turn into the task soon after the bank does.
 */
export const AWAITING_PAYMENT_REPLAY_MS = 10_000;

export interface ReplayOptions {
  /** Told about each replayed task the server has now confirmed, or newly refused. */
  onSettled?: (resumed: ResumedTask) => void;
  /** Calls `listener` each time the network returns; returns the unsubscribe function (default: the browser's `online` events). */
  onNetworkReturn?: (listener: () => void) => () => void;
  deps?: PaidTaskDeps;
  hasToken?: () => boolean;
  /** How often while a payment is awaited (default AWAITING_PAYMENT_REPLAY_MS; tests make it short). */
  awaitingPaymentMs?: number;
}

/**
 * Replays kept paid tasks now (app start: refused ones too) and then pending ones whenever
 * the browser comes back online and every minute (every 10 s while a payment is awaited).
 * Returns a stop function.
 */
export function startPendingTaskReplay({
  onSettled,
  onNetworkReturn = whenBrowserComesOnline,
  deps = defaultDeps,
  hasToken,
  awaitingPaymentMs = AWAITING_PAYMENT_REPLAY_MS,
}: ReplayOptions = {}): () => void {
  // One replay at a time ('online' can come while the minute's replay is under way): two would
  // send a task twice (the server creates it once) and tell the client twice. A call during one
  // runs once more after it.
  let isReplaying = false;
  let again = false;
  const replay = (includeRefused: boolean) => {
    if (isReplaying) {
      again = true;
      return;
    }
    isReplaying = true;
    void resumePendingTasks(deps, hasToken, { includeRefused })
      // A refusal the client was already told about is not told again.
      .then((results) => {
        for (const result of results) {
          if (result.outcome.status === 'created' || (result.outcome.status === 'failed' && !result.wasRefused))
            onSettled?.(result);
        }
      })
      .catch((error: unknown) => console.error('Could not replay paid tasks', error))
      .finally(() => {
        isReplaying = false;
        countRound();
        if (again) {
          again = false;
          replay(false);
        }
      });
  };
  const replayPending = () => replay(false);
  const stopWatchingNetwork = onNetworkReturn(replayPending);
  // A server error is not followed by an 'online' event: try again every minute while the app
  // is open, and every 10 s while a payment is awaited.
  let sinceFullReplay = 0;
  const timer = setInterval(() => {
    sinceFullReplay += awaitingPaymentMs;
    if (sinceFullReplay >= REPLAY_INTERVAL_MS) {
      sinceFullReplay = 0;
      replayPending();
      return;
    }
    void deps.store
      .list()
      .then((records) => {
        if (records.some((record) => record.awaitingPayment !== undefined && !record.refusal)) replayPending();
      })
      .catch((error: unknown) => console.error('Could not read the paid tasks', error));
  }, awaitingPaymentMs);
  replay(true);
  return () => {
    clearInterval(timer);
    stopWatchingNetwork();
  };
}
