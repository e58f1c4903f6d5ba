import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deliverWithFetch,
  deliveryOf,
  queueMessage,
  replayOutbox,
  retryMessage,
  sendOrQueue,
  type Deliver,
  type NewMessage,
} from '../../src/shared/chat-outbox';
import { closeOfflineDb, getOutbox, openOfflineDb, setOutboxFailure } from '../../src/shared/offline-db';

afterAll(() => closeOfflineDb());
beforeEach(async () => {
  const db = await openOfflineDb();
  await db.clear('outbox');
});

const queue = (content: string, clientId = content) =>
  queueMessage({ taskId: 't1', sender: 'user', content, clientId, userId: 'u1', token: 'tok' });

describe('chat outbox replay', () => {
  it('delivers queued messages oldest first and removes them', async () => {
    await queue('one');
    await queue('two');
    await queue('three');
    const sent: string[] = [];
    const summary = await replayOutbox(async (message) => {
      sent.push(message.content);
      return { status: 'delivered' };
    });
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(summary).toEqual({ delivered: 3, rejected: 0, waiting: 0 });
    expect(await getOutbox()).toEqual([]);
  });

  it('stops at the first network failure and keeps that message and the rest, in order', async () => {
    await queue('one');
    await queue('two');
    await queue('three');
    let calls = 0;
    const summary = await replayOutbox(async () => (++calls === 2 ? { status: 'offline' } : { status: 'delivered' }));
    expect(summary).toEqual({ delivered: 1, rejected: 0, waiting: 2 });
    expect((await getOutbox()).map((message) => message.content)).toEqual(['two', 'three']);
  });

  it('marks a refused message as failed, skips it, and sends it again after a retry', async () => {
    const id = await queue('bad');
    await queue('good');
    const summary = await replayOutbox(async (message) =>
      message.content === 'bad' ? { status: 'rejected', reason: 'a message cannot be empty' } : { status: 'delivered' },
    );
    expect(summary).toEqual({ delivered: 1, rejected: 1, waiting: 0 });
    const [failed] = await getOutbox();
    expect(failed?.failedReason).toBe('a message cannot be empty');

    const skipped: string[] = [];
    await replayOutbox(async (message) => {
      skipped.push(message.content);
      return { status: 'delivered' };
    });
    expect(skipped).toEqual([]);

    await retryMessage(id);
    const resent: string[] = [];
    await replayOutbox(async (message) => {
      resent.push(message.content);
      return { status: 'delivered' };
    });
    expect(resent).toEqual(['bad']);
  });

  it('runs one replay at a time, so concurrent replays never send a message twice', async () => {
    await queue('one');
    await queue('two');
    const sent: string[] = [];
    const deliver: Deliver = async (message) => {
      sent.push(message.content);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { status: 'delivered' };
    };
    await Promise.all([replayOutbox(deliver), replayOutbox(deliver)]);
    expect(sent).toEqual(['one', 'two']);
  });
});

describe('deliverWithFetch', () => {
  const message = {
    id: 1,
    taskId: 't1',
    sender: 'user' as const,
    content: 'hi',
    clientId: 'c1',
    queuedAt: 0,
    token: 'tok',
  };

  it('posts the message with its token and the replay header', async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const deliver = deliverWithFetch('/api-base/', async (url, init) => {
      seen = { url: String(url), init: init! };
      return new Response('{}', { status: 201 });
    });
    expect(await deliver(message)).toEqual({ status: 'delivered' });
    expect(seen?.url).toBe('/api-base/client/sendingMessages');
    const headers = seen?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['X-Outbox-Replay']).toBe('1');
    expect(JSON.parse(String(seen?.init.body))).toEqual({
      taskId: 't1',
      sender: 'user',
      content: 'hi',
      clientId: 'c1',
    });
  });

  it('reads a 4xx as rejected with the server message, a 5xx or a network error as offline', async () => {
    const rejected = deliverWithFetch(
      '/',
      async () => new Response(JSON.stringify({ message: 'Task not found' }), { status: 404 }),
    );
    expect(await rejected(message)).toEqual({ status: 'rejected', reason: 'Task not found' });
    const serverDown = deliverWithFetch('/', async () => new Response('', { status: 503 }));
    expect(await serverDown(message)).toEqual({ status: 'offline' });
    const noNetwork = deliverWithFetch('/', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await noNetwork(message)).toEqual({ status: 'offline' });
  });
});

describe('a new message: sent, or queued so that nothing typed is lost (the one rule, run by the worker or by a page without one)', () => {
  const message: NewMessage = {
    taskId: 't1',
    sender: 'user',
    content: 'Please ring the bell',
    clientId: 'c1',
    userId: 'u1',
    token: 'tok',
  };
  const answer = (status: number, body: unknown = {}) => Response.json(body, { status });
  const sendingTo = (respond: () => Response | Promise<Response>) => {
    const deliver = vi.fn(async () => {
      let response: Response;
      try {
        response = await respond();
      } catch {
        return { status: 'offline' as const };
      }
      return deliveryOf(response);
    });
    return deliver;
  };
  const stored = async () =>
    (await getOutbox()).map(({ content, failedReason, userId, token }) => ({ content, failedReason, userId, token }));

  it("sent and stored: 'sent' with the server's response; nothing is kept", async () => {
    const deliver = sendingTo(() => answer(201, { data: { _id: 'm1' } }));
    const outcome = await sendOrQueue(message, { isOnline: true, deliver });
    expect(outcome.state).toBe('sent');
    expect(deliver).toHaveBeenCalledWith(message);
    expect(await getOutbox()).toEqual([]);
  });

  it('offline: kept at once (with the user and token for the replay), waiting; nothing is tried', async () => {
    const deliver = sendingTo(() => answer(201));
    expect(await sendOrQueue(message, { isOnline: false, deliver })).toEqual({ state: 'waiting', behindOlder: false });
    expect(deliver).not.toHaveBeenCalled();
    expect(await stored()).toEqual([
      { content: 'Please ring the bell', failedReason: undefined, userId: 'u1', token: 'tok' },
    ]);
  });

  it('older messages of its task still waiting: it queues behind them instead of overtaking them', async () => {
    await queue('earlier');
    const deliver = sendingTo(() => answer(201));
    expect(await sendOrQueue(message, { isOnline: true, deliver })).toEqual({ state: 'waiting', behindOlder: true });
    expect(deliver).not.toHaveBeenCalled();
    expect((await getOutbox()).map(({ content }) => content)).toEqual(['earlier', 'Please ring the bell']);
  });

  it('a waiting message of another task, or a failed one, does not hold it back', async () => {
    await queueMessage({ ...message, taskId: 't2', content: 'other task', clientId: 'c2' });
    await setOutboxFailure(await queue('refused before'), 'Task not found');
    expect((await sendOrQueue(message, { isOnline: true, deliver: sendingTo(() => answer(201)) })).state).toBe('sent');
  });

  it('no response (network failure, time-out), a server failure (5xx), a time-out or a busy server (408, 425, 429): kept, waiting, not failed', async () => {
    const failures: Array<() => Response> = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      ...[500, 503, 408, 425, 429].map((status) => () => answer(status, { message: 'busy' })),
    ];
    for (const respond of failures) {
      expect(await sendOrQueue(message, { isOnline: true, deliver: sendingTo(respond) })).toEqual({
        state: 'waiting',
        behindOlder: false,
      });
      expect((await stored()).map(({ failedReason }) => failedReason)).toEqual([undefined]);
      const db = await openOfflineDb();
      await db.clear('outbox');
    }
  });

  it("refused (other 4xx): kept marked failed with the server's message, for a Retry", async () => {
    expect(
      await sendOrQueue(message, {
        isOnline: true,
        deliver: sendingTo(() => answer(404, { message: 'Task not found' })),
      }),
    ).toEqual({ state: 'failed', reason: 'Task not found' });
    expect((await stored())[0]?.failedReason).toBe('Task not found');
  });

  it('refused without a message: a reason with the status', async () => {
    expect(await sendOrQueue(message, { isOnline: true, deliver: sendingTo(() => answer(400)) })).toEqual({
      state: 'failed',
      reason: 'The server refused the message (400)',
    });
  });

  it('a refused token (401) or task (403) is final too: the message carries the token it was written with', async () => {
    expect(
      (
        await sendOrQueue(message, {
          isOnline: true,
          deliver: sendingTo(() => answer(401, { message: 'Your session has expired. Please log in again.' })),
        })
      ).state,
    ).toBe('failed');
    expect(
      (
        await sendOrQueue(
          { ...message, clientId: 'c3' },
          { isOnline: true, deliver: sendingTo(() => answer(403, { message: 'This task is not yours' })) },
        )
      ).state,
    ).toBe('failed');
  });
});
