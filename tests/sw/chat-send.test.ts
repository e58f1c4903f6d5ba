import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb, getOutbox, openOfflineDb } from '../../src/shared/offline-db';
import { queueMessage } from '../../src/shared/chat-outbox';
import { respondToChatSend, type ChatSendDeps } from '../../sw/chat-send';

afterAll(() => closeOfflineDb());
beforeEach(async () => {
  await (await openOfflineDb()).clear('outbox');
});

/** A token whose subject (the JWT `sub`) is u1. */
const TOKEN = `header.${btoa(JSON.stringify({ sub: 'u1' })).replace(/=+$/, '')}.signature`;

const send = (body: Record<string, unknown>) =>
  new Request('https://app.test/client/sendingMessages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ sender: 'user', ...body }),
  });

function worker(respond: (request: Request) => Response | Promise<Response>) {
  const sent: unknown[] = [];
  const deps = {
    fetch: vi.fn(async (request: Request) => {
      sent.push(await request.clone().json());
      return respond(request);
    }),
    onQueued: vi.fn(),
  } satisfies ChatSendDeps;
  return { deps, sent };
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('a chat message sent by a page the worker controls', () => {
  it("online: the server's response (201), and nothing is kept", async () => {
    const { deps, sent } = worker(() => Response.json({ data: { _id: 'm1', content: 'Hello' } }, { status: 201 }));
    const response = await respondToChatSend(send({ taskId: 't1', content: 'Hello', clientId: 'c1' }), deps);
    expect(response.status).toBe(201);
    expect(sent).toEqual([{ sender: 'user', taskId: 't1', content: 'Hello', clientId: 'c1' }]);
    expect(await getOutbox()).toEqual([]);
    expect(deps.onQueued).not.toHaveBeenCalled();
  });

  it('no network: queued with the token and its user, answered 202 {queued, clientId}', async () => {
    const { deps } = worker(offline);
    const response = await respondToChatSend(send({ taskId: 't1', content: 'Good morning', clientId: 'c1' }), deps);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ queued: true, clientId: 'c1' });
    const [queued] = await getOutbox();
    expect(queued).toMatchObject({
      taskId: 't1',
      sender: 'user',
      content: 'Good morning',
      clientId: 'c1',
      userId: 'u1',
      token: TOKEN,
    });
    expect(deps.onQueued).toHaveBeenCalledWith({ state: 'waiting', behindOlder: false });
  });

  it('without a clientId the worker gives it one, so its replay is delivered exactly once too', async () => {
    const { deps } = worker(offline);
    const answer = (await (await respondToChatSend(send({ taskId: 't1', content: 'Hi' }), deps)).json()) as {
      clientId: string;
    };
    expect(answer.clientId).toMatch(/^[\w-]{8,}$/);
    expect((await getOutbox())[0]?.clientId).toBe(answer.clientId);
  });

  it('a server failure (503) is queued too (202), waiting for a replay', async () => {
    const { deps } = worker(() => Response.json({ message: 'Service unavailable' }, { status: 503 }));
    expect((await respondToChatSend(send({ taskId: 't1', content: 'Hello', clientId: 'c1' }), deps)).status).toBe(202);
    expect((await getOutbox())[0]?.failedReason).toBeUndefined();
  });

  it("refused for good (400): the server's refusal is the response, and the message is kept marked failed for a Retry", async () => {
    const { deps } = worker(() => Response.json({ message: 'Task not found' }, { status: 404 }));
    const response = await respondToChatSend(send({ taskId: 't1', content: 'Hello', clientId: 'c1' }), deps);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Task not found' });
    expect((await getOutbox())[0]?.failedReason).toBe('Task not found');
    expect(deps.onQueued).toHaveBeenCalledWith({ state: 'failed', reason: 'Task not found' });
  });

  it('older messages of the task still wait: queued behind them without trying the network, and the worker is asked to replay', async () => {
    await queueMessage({ taskId: 't1', sender: 'user', content: 'earlier', clientId: 'c0' });
    const { deps } = worker(() => Response.json({ data: {} }, { status: 201 }));
    expect((await respondToChatSend(send({ taskId: 't1', content: 'later', clientId: 'c1' }), deps)).status).toBe(202);
    expect(deps.fetch).not.toHaveBeenCalled();
    expect((await getOutbox()).map(({ content }) => content)).toEqual(['earlier', 'later']);
    expect(deps.onQueued).toHaveBeenCalledWith({ state: 'waiting', behindOlder: true });
  });

  it('a body that is not a message (no task, empty content) goes to the server as it is', async () => {
    const { deps } = worker(() => Response.json({ message: 'A message cannot be empty' }, { status: 400 }));
    expect((await respondToChatSend(send({ taskId: 't1', content: '   ' }), deps)).status).toBe(400);
    expect(await getOutbox()).toEqual([]);
  });
});
