/**
 * The driver's queue of steps (src/driver-app/actions.ts, docs/driver.md 'Offline'): the
 * Online / Offline switch goes through it like the task's steps (offline it waits, then goes
 * in order), and a step queued while a round is sending goes in that round. The network is a
 * fetch the test answers.
 */
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionsNow, flushActions, queueAction } from '../../src/driver-app/actions';
import { addDriverAction, clearDriverData, closeOfflineDb, getDriverActions } from '../../src/shared/offline-db';

interface Sent {
  path: string;
  body: unknown;
}

let sent: Sent[];
/** What the network does with the next request: answer it, fail it, or hold it until released. */
let network: (request: Request) => Promise<Response>;
const answer = async () => new Response(JSON.stringify({ data: {} }), { status: 200 });

beforeEach(async () => {
  await clearDriverData('driver');
  sent = [];
  network = answer;
  vi.stubGlobal('fetch', async (input: Request) => {
    sent.push({ path: new URL(input.url).pathname, body: await input.clone().json() });
    return network(input);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});
afterAll(() => closeOfflineDb());

const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('the queue of steps', () => {
  it('keeps the switch turned without network, and sends it in order when the network returns', async () => {
    const client = queryClient();
    network = async () => {
      throw new TypeError('Failed to fetch');
    };
    await queueAction(client, { kind: 'availability', taskId: '', online: true });
    await queueAction(client, { kind: 'start', taskId: 't1' });
    const waiting = await getDriverActions();
    expect(waiting.map(({ kind, online, refusal }) => ({ kind, online, refusal }))).toEqual([
      { kind: 'availability', online: true, refusal: undefined },
      { kind: 'start', online: undefined, refusal: undefined },
    ]);

    network = answer;
    sent = [];
    await flushActions(client);
    expect(sent).toEqual([
      { path: '/driver/availability', body: { online: true } },
      { path: '/driver/tasks/start', body: { taskId: 't1' } },
    ]);
    expect(await getDriverActions()).toEqual([]);
  });

  it('sends a step queued while a round is sending in that round, after what was before it', async () => {
    const client = queryClient();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    network = async () => {
      await held;
      return answer();
    };
    const first = queueAction(client, { kind: 'start', taskId: 't1' });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // Queued while the round waits on the network (what queueAction does, step by step).
    await addDriverAction({ kind: 'availability', taskId: '', online: false, queuedAt: Date.now() });
    const second = flushActions(client);
    release();
    await Promise.all([first, second]);
    expect(sent).toEqual([
      { path: '/driver/tasks/start', body: { taskId: 't1' } },
      { path: '/driver/availability', body: { online: false } },
    ]);
    expect(await getDriverActions()).toEqual([]);
  });

  it('keeps a message refused because its chat ended, with the reason; a 403 of the session still waits', async () => {
    const client = queryClient();
    const refuse = (message: string) => async () => new Response(JSON.stringify({ message }), { status: 403 });
    network = refuse('You do not have access to this resource');
    await queueAction(client, { kind: 'message', taskId: 't1', content: 'Hello', clientId: 'm-1' });
    expect((await getDriverActions()).map(({ refusal }) => refusal)).toEqual([undefined]);

    network = refuse('This chat has ended: contact support');
    await flushActions(client);
    expect((await getDriverActions()).map(({ refusal }) => refusal)).toEqual(['This chat has ended: contact support']);
  });
});

describe('what sign-out counts', () => {
  it('a step tapped a moment before is counted while it is still being written', async () => {
    const client = queryClient();
    network = async () => {
      throw new TypeError('Failed to fetch');
    };
    // The tap: queueing starts, and sign-out reads the queue before the step is written.
    const queued = queueAction(client, { kind: 'start', taskId: 't1' });
    const waiting = await actionsNow();
    expect(waiting.map(({ kind, taskId }) => ({ kind, taskId }))).toEqual([{ kind: 'start', taskId: 't1' }]);
    await queued;
  });
});
