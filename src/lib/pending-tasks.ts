/**
 * Paid tasks that must never be lost. After a successful payment the create request is
 * written to IndexedDB (offline-db's `pendingTasks`, key = payment reference) BEFORE
 * `POST client/create` is sent, and removed only when the server confirms (2xx) or refuses
 * it for good (a 'final' verdict of src/shared/call-failure.ts: the message is shown; retrying
 * cannot help). A 401 or 403 is not final here: the record is sent again with the session's
 * token of that moment, so it waits for its owner's next sign-in.
 * On a network failure or 5xx the record stays and is replayed when the browser comes back
 * online and on the next app start; the server is idempotent by reference, so a replay
 * returns the same task and never creates a second one.
 *
 * The page owns paid tasks, with or without a service worker: the worker never queues or
 * replays them, since a paid task is sent with the session's token of the moment, which only
 * the page holds (a chat message, by contrast, keeps its token: see src/shared/chat-outbox.ts).
 */
import { readCallFailure, retryVerdict } from '../shared/call-failure';
import type { CreateTaskRequest, Task } from '../shared/contract';
import { createTask } from './api/tasks';
import { getPendingTasks, putPendingTask, removePendingTask } from '../shared/offline-db';
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
  list(): Promise<CreateTaskRequest[]>;
}

export interface PaidTaskDeps {
  store: PendingTaskStore;
  /** Sends `POST client/create`; resolves with the task, rejects like ky (error.response on HTTP errors). */
  send(request: CreateTaskRequest): Promise<Task>;
}

export const offlineDbStore: PendingTaskStore = {
  put: (request) => putPendingTask(request),
  remove: (reference) => removePendingTask(reference),
  list: async () => (await getPendingTasks()).map((record) => record.request),
};

const defaultDeps: PaidTaskDeps = { store: offlineDbStore, send: createTask };

/** References being sent right now, so that a replay never races the first attempt. */
const inFlight = new Map<string, Promise<PaidTaskOutcome>>();

function send(request: CreateTaskRequest, deps: PaidTaskDeps): Promise<PaidTaskOutcome> {
  const running = inFlight.get(request.reference);
  if (running) return running;
  const attempt = (async (): Promise<PaidTaskOutcome> => {
    try {
      const task = await deps.send(request);
      await deps.store.remove(request.reference);
      return { status: 'created', task };
    } catch (error) {
      const failure = await readCallFailure(error);
      // 'session': a retry sends the token of that moment (401/403 wait for the owner's sign-in).
      if (failure.kind === 'http' && retryVerdict(failure, 'session') === 'final') {
        await deps.store.remove(request.reference);
        return { status: 'failed', message: failure.message ?? null };
      }
      return { status: 'queued' };
    }
  })().finally(() => inFlight.delete(request.reference));
  inFlight.set(request.reference, attempt);
  return attempt;
}

/** Keeps the paid request durably, then sends it. */
export async function submitPaidTask(request: CreateTaskRequest, deps: PaidTaskDeps = defaultDeps): Promise<PaidTaskOutcome> {
  try {
    await deps.store.put(request);
  } catch (error) {
    // No durable copy (e.g. storage full): still try now rather than lose the paid order.
    console.error('Could not keep the paid task on this device', error);
  }
  return send(request, deps);
}

export interface ResumedTask {
  request: CreateTaskRequest;
  outcome: PaidTaskOutcome;
}

/** Sends every kept paid task again, oldest first. Nothing is sent without a token. */
export async function resumePendingTasks(deps: PaidTaskDeps = defaultDeps, hasToken: () => boolean = () => getToken() !== null): Promise<ResumedTask[]> {
  if (!hasToken()) return [];
  const requests = await deps.store.list();
  const results: ResumedTask[] = [];
  for (const request of requests) results.push({ request, outcome: await send(request, deps) });
  return results;
}

/** How often kept paid tasks are tried again while the app is open. */
export const REPLAY_INTERVAL_MS = 60_000;

export interface ReplayOptions {
  /** Told about each replayed task the server has now confirmed or refused. */
  onSettled?: (resumed: ResumedTask) => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Replays kept paid tasks now (app start) and whenever the browser comes back online. Returns a stop function. */
export function startPendingTaskReplay({ onSettled, target = window }: ReplayOptions = {}): () => void {
  const replay = () => {
    void resumePendingTasks()
      .then((results) => results.filter((result) => result.outcome.status !== 'queued').forEach((result) => onSettled?.(result)))
      .catch((error: unknown) => console.error('Could not replay paid tasks', error));
  };
  target.addEventListener('online', replay);
  // A server error is not followed by an 'online' event: try again now and then while the app is open.
  const timer = setInterval(replay, REPLAY_INTERVAL_MS);
  replay();
  return () => {
    clearInterval(timer);
    target.removeEventListener('online', replay);
  };
}
