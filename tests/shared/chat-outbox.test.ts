import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverWithFetch, queueMessage, replayOutbox, retryMessage, type Deliver } from '../../src/shared/chat-outbox';
import { closeOfflineDb, getOutbox, openOfflineDb } from '../../src/shared/offline-db';

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
    await replayOutbox(async (message) => (skipped.push(message.content), { status: 'delivered' }));
    expect(skipped).toEqual([]);

    await retryMessage(id);
    const resent: string[] = [];
    await replayOutbox(async (message) => (resent.push(message.content), { status: 'delivered' }));
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
  const message = { id: 1, taskId: 't1', sender: 'user' as const, content: 'hi', clientId: 'c1', queuedAt: 0, token: 'tok' };

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
    expect(JSON.parse(String(seen?.init.body))).toEqual({ taskId: 't1', sender: 'user', content: 'hi', clientId: 'c1' });
  });

  it('reads a 4xx as rejected with the server message, a 5xx or a network error as offline', async () => {
    const rejected = deliverWithFetch('/', async () => new Response(JSON.stringify({ message: 'Task not found' }), { status: 404 }));
    expect(await rejected(message)).toEqual({ status: 'rejected', reason: 'Task not found' });
    const serverDown = deliverWithFetch('/', async () => new Response('', { status: 503 }));
    expect(await serverDown(message)).toEqual({ status: 'offline' });
    const noNetwork = deliverWithFetch('/', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await noNetwork(message)).toEqual({ status: 'offline' });
  });
});
