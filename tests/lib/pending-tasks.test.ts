import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateTaskRequest, Task } from '../../src/shared/contract';
import { closeOfflineDb, getPendingTasks, removePendingTask } from '../../src/shared/offline-db';
import { sampleTaskRequest } from '../sample-data';
import {
  dismissRefusedPaidTask,
  listPendingTasks,
  offlineDbStore,
  onPendingTasksChange,
  resumePendingTasks,
  startPendingTaskReplay,
  submitPaidTask,
  type PaidTaskDeps,
  type ResumedTask,
} from '../../src/lib/pending-tasks';

afterAll(() => closeOfflineDb());

beforeEach(async () => {
  for (const record of await getPendingTasks()) await removePendingTask(record.reference);
});

const taskFor = (body: CreateTaskRequest): Task =>
  ({ _id: `task-${body.reference}`, reference: body.reference, status: 'pending' }) as Task;

function httpError(status: number, body: unknown): Error {
  return Object.assign(new Error(`HTTP ${status}`), {
    response: new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  });
}

/** A fake server, idempotent by reference like the real one; `fail` makes the next sends fail. */
function fakeServer() {
  const tasks = new Map<string, Task>();
  const failures: Error[] = [];
  const sent: string[] = [];
  const deps: PaidTaskDeps = {
    store: offlineDbStore,
    send: vi.fn(async (body: CreateTaskRequest) => {
      sent.push(body.reference);
      // The record must already be kept when the request leaves.
      expect((await getPendingTasks()).map((record) => record.reference)).toContain(body.reference);
      const failure = failures.shift();
      if (failure) throw failure;
      if (!tasks.has(body.reference)) tasks.set(body.reference, taskFor(body));
      return tasks.get(body.reference)!;
    }),
  };
  return { deps, tasks, sent, fail: (error: Error) => failures.push(error) };
}

const references = async () => (await getPendingTasks()).map((record) => record.reference);

describe('a paid task is never lost', () => {
  it('the request is kept before it is sent and removed once the server confirms', async () => {
    const server = fakeServer();
    const outcome = await submitPaidTask(sampleTaskRequest('r1'), server.deps);
    expect(outcome).toEqual({ status: 'created', task: taskFor(sampleTaskRequest('r1')) });
    expect(await references()).toEqual([]);
  });

  it('a network failure keeps the request (queued); a replay creates the task exactly once', async () => {
    const server = fakeServer();
    server.fail(new TypeError('Failed to fetch'));
    expect(await submitPaidTask(sampleTaskRequest('r2'), server.deps)).toEqual({ status: 'queued' });
    expect(await references()).toEqual(['r2']);

    const resumed = await resumePendingTasks(server.deps, () => true);
    expect(resumed.map((result) => result.outcome.status)).toEqual(['created']);
    expect(await references()).toEqual([]);
    expect(server.tasks.size).toBe(1);
  });

  it('a 5xx, a time-out, a 401 or a 403 (another client signed in) keeps the request', async () => {
    const server = fakeServer();
    server.fail(httpError(503, { message: 'Service unavailable' }));
    server.fail(httpError(401, { message: 'Unauthorized' }));
    server.fail(Object.assign(new Error('Request timed out'), { name: 'TimeoutError' }));
    server.fail(httpError(403, { message: 'You can only create tasks for yourself' }));
    for (const reference of ['r3', 'r4', 'r5', 'r10'])
      expect(await submitPaidTask(sampleTaskRequest(reference), server.deps)).toEqual({ status: 'queued' });
    expect((await references()).sort()).toEqual(['r10', 'r3', 'r4', 'r5']);
  });

  it("a final 4xx gives the server's message ('Payment Failed!') and keeps the paid record, marked refused with that message", async () => {
    const server = fakeServer();
    server.fail(httpError(402, { message: 'Payment could not be verified' }));
    expect(await submitPaidTask(sampleTaskRequest('r6'), server.deps)).toEqual({
      status: 'failed',
      message: 'Payment could not be verified',
    });
    server.fail(httpError(400, 'not json {'));
    expect(await submitPaidTask(sampleTaskRequest('r7'), server.deps)).toEqual({ status: 'failed', message: null });
    expect(await listPendingTasks()).toEqual([
      {
        reference: 'r6',
        request: sampleTaskRequest('r6'),
        savedAt: expect.any(Number),
        refusal: { message: 'Payment could not be verified', at: expect.any(Number) },
      },
      {
        reference: 'r7',
        request: sampleTaskRequest('r7'),
        savedAt: expect.any(Number),
        refusal: { message: null, at: expect.any(Number) },
      },
    ]);
  });

  it('a replay that races the first attempt sends the request only once', async () => {
    const server = fakeServer();
    const [first, second] = await Promise.all([
      submitPaidTask(sampleTaskRequest('r8'), server.deps),
      submitPaidTask(sampleTaskRequest('r8'), server.deps),
    ]);
    expect(first).toEqual(second);
    expect(server.sent).toEqual(['r8']);
  });

  it('nothing is replayed without a token', async () => {
    const server = fakeServer();
    server.fail(new TypeError('Failed to fetch'));
    await submitPaidTask(sampleTaskRequest('r9'), server.deps);
    expect(await resumePendingTasks(server.deps, () => false)).toEqual([]);
    expect(server.sent).toEqual(['r9']);
  });

  it('a retriable refusal (5xx: the payment provider could not be reached) stays pending, listed as such', async () => {
    const server = fakeServer();
    server.fail(
      httpError(502, { message: 'The payment provider could not be reached. Your payment is safe; please try again.' }),
    );
    expect(await submitPaidTask(sampleTaskRequest('r11'), server.deps)).toEqual({ status: 'queued' });
    expect(await listPendingTasks()).toEqual([
      { reference: 'r11', request: sampleTaskRequest('r11'), savedAt: expect.any(Number) },
    ]);
  });

  it('replays send pending records; refused ones only when asked (app start), and one the server now accepts is removed', async () => {
    const server = fakeServer();
    server.fail(httpError(400, { message: 'Payment amount does not match the price of this service.' }));
    await submitPaidTask(sampleTaskRequest('refused-1'), server.deps);
    server.fail(new TypeError('Failed to fetch'));
    await submitPaidTask(sampleTaskRequest('pending-1'), server.deps);
    server.sent.length = 0;
    expect((await resumePendingTasks(server.deps, () => true)).map((result) => result.request.reference)).toEqual([
      'pending-1',
    ]);
    expect(server.sent).toEqual(['pending-1']);
    const atStart = await resumePendingTasks(server.deps, () => true, { includeRefused: true });
    expect(atStart.map((result) => [result.request.reference, result.outcome.status, result.wasRefused])).toEqual([
      ['refused-1', 'created', true],
    ]);
    expect(await listPendingTasks()).toEqual([]);
  });

  it('dismissRefusedPaidTask removes a refused record only, and listeners hear of every change', async () => {
    const server = fakeServer();
    const changes = vi.fn();
    const stop = onPendingTasksChange(changes);
    server.fail(httpError(409, { message: 'This payment reference was already used' }));
    await submitPaidTask(sampleTaskRequest('gone'), server.deps);
    server.fail(new TypeError('Failed to fetch'));
    await submitPaidTask(sampleTaskRequest('waiting'), server.deps);
    expect(changes).toHaveBeenCalledTimes(3);
    await dismissRefusedPaidTask('waiting');
    await dismissRefusedPaidTask('gone');
    expect((await listPendingTasks()).map((task) => [task.reference, task.refusal])).toEqual([['waiting', undefined]]);
    expect(changes).toHaveBeenCalledTimes(4);
    stop();
  });

  it('startPendingTaskReplay tells of a refusal once: a refused record retried at the next start and refused again is not told again', async () => {
    const server = fakeServer();
    server.fail(httpError(402, { message: 'Payment could not be verified' }));
    await submitPaidTask(sampleTaskRequest('told-once'), server.deps);
    server.fail(httpError(402, { message: 'Payment could not be verified' }));
    const settled: ResumedTask[] = [];
    const stop = startPendingTaskReplay({
      onNetworkReturn: () => () => {},
      deps: server.deps,
      hasToken: () => true,
      onSettled: (result) => settled.push(result),
    });
    await vi.waitFor(() => expect(server.sent).toEqual(['told-once', 'told-once']), { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    expect(settled).toEqual([]);
    expect(await listPendingTasks()).toMatchObject([
      { reference: 'told-once', refusal: { message: 'Payment could not be verified' } },
    ]);
  });

  it("startPendingTaskReplay runs one replay at a time: 'online' during the start's replay sends the task once and tells once", async () => {
    const server = fakeServer();
    server.fail(new TypeError('Failed to fetch'));
    expect((await submitPaidTask(sampleTaskRequest('once'), server.deps)).status).toBe('queued');
    const network = networkReturns();
    const settled: ResumedTask[] = [];
    const stop = startPendingTaskReplay({
      onNetworkReturn: network.watch,
      deps: server.deps,
      hasToken: () => true,
      onSettled: (result) => settled.push(result),
    });
    // The network comes back twice while the start's replay is still sending.
    network.comeBack();
    network.comeBack();
    await vi.waitFor(() => expect(settled).toHaveLength(1), { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(settled.map((result) => result.outcome.status)).toEqual(['created']);
    // Sent at booking, then once by the start's replay; the replay the 'online' events asked for found nothing left.
    expect(server.sent).toEqual(['once', 'once']);
  });

  it('a transfer still processing (503) is kept as awaiting its payment, sent again every few seconds until the server creates it', async () => {
    const server = fakeServer();
    const stillProcessing = () =>
      httpError(503, { message: 'Your payment is still being processed. Please try again in a few minutes.' });
    server.fail(stillProcessing());
    expect(await submitPaidTask(sampleTaskRequest('transfer'), server.deps)).toEqual({ status: 'queued' });
    expect(await listPendingTasks()).toEqual([
      {
        reference: 'transfer',
        request: sampleTaskRequest('transfer'),
        savedAt: expect.any(Number),
        awaitingPayment: expect.any(Number),
      },
    ]);
    // The start's replay and the next tick: still processing; the one after: confirmed.
    server.fail(stillProcessing());
    server.fail(stillProcessing());
    const settled: ResumedTask[] = [];
    const stop = startPendingTaskReplay({
      onNetworkReturn: () => () => {},
      deps: server.deps,
      hasToken: () => true,
      onSettled: (result) => settled.push(result),
      awaitingPaymentMs: 30,
    });
    await vi.waitFor(() => expect(settled).toHaveLength(1), { timeout: 15_000 });
    stop();
    expect(settled[0]?.outcome.status).toBe('created');
    expect(server.sent).toEqual(['transfer', 'transfer', 'transfer', 'transfer']);
    expect(await listPendingTasks()).toEqual([]);
  });

  it('a pending record not awaiting its payment waits for the minute, not the short interval', async () => {
    const server = fakeServer();
    server.fail(new TypeError('Failed to fetch'));
    await submitPaidTask(sampleTaskRequest('offline'), server.deps);
    server.fail(new TypeError('Failed to fetch'));
    const list = vi.fn(() => offlineDbStore.list());
    const stop = startPendingTaskReplay({
      onNetworkReturn: () => () => {},
      deps: { ...server.deps, store: { ...offlineDbStore, list } },
      hasToken: () => true,
      awaitingPaymentMs: 20,
    });
    // The start's replay, then five short ticks that each looked and sent nothing.
    await vi.waitFor(() => expect(list.mock.calls.length).toBeGreaterThanOrEqual(6), { timeout: 15_000 });
    stop();
    expect(server.sent).toEqual(['offline', 'offline']);
  });

  it('startPendingTaskReplay watches the network from the start until stopped', () => {
    const network = networkReturns();
    const stop = startPendingTaskReplay({ onNetworkReturn: network.watch });
    expect(network.listeners.size).toBe(1);
    stop();
    expect(network.listeners.size).toBe(0);
  });
});

/** A network that comes back when the test says so (what onlineManager tells the replay). */
function networkReturns() {
  const listeners = new Set<() => void>();
  return {
    listeners,
    watch: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    comeBack: () => {
      for (const listener of listeners) listener();
    },
  };
}
