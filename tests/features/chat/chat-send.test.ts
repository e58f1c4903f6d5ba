import { describe, expect, it, vi } from 'vitest';
import { sendChatMessage, type ChatSendDeps } from '../../../src/features/chat/chat-send';
import type { ChatMessage } from '../../../src/shared/contract';

const draft = { taskId: 't1', content: 'Please ring the bell', clientId: 'c1', userId: 'u1', token: 'tok' };
const stored: ChatMessage = { _id: 'm1', taskId: 't1', sender: 'user', content: 'Please ring the bell', timestamp: '2026-11-22T12:00:00.000Z', clientId: 'c1' };

/** ky's HTTPError as readApiError recognises it (by name, with a Response). */
function httpError(status: number, body: unknown): Error {
  const error = new Error(`Request failed with status code ${status}`) as Error & { response: Response };
  error.name = 'HTTPError';
  error.response = new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return error;
}

function deps(overrides: Partial<ChatSendDeps> = {}) {
  return {
    isOnline: true,
    hasWaiting: false,
    send: vi.fn(async () => ({ status: 'sent' as const, message: stored })),
    queue: vi.fn(async () => 42),
    markFailed: vi.fn(async () => undefined),
    ...overrides,
  } satisfies ChatSendDeps;
}

describe('sending a chat message so that nothing typed is lost', () => {
  it('sends with its clientId as the user and shows the stored message as sent', async () => {
    const fakes = deps();
    expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'sent', message: stored });
    expect(fakes.send).toHaveBeenCalledWith({ taskId: 't1', sender: 'user', content: 'Please ring the bell', clientId: 'c1' });
    expect(fakes.queue).not.toHaveBeenCalled();
  });

  it("offline: kept in the outbox at once (with the user and token for the replay) and shown 'waiting for network'", async () => {
    const fakes = deps({ isOnline: false });
    expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'waiting' });
    expect(fakes.send).not.toHaveBeenCalled();
    expect(fakes.queue).toHaveBeenCalledWith({ taskId: 't1', sender: 'user', content: 'Please ring the bell', clientId: 'c1', userId: 'u1', token: 'tok' });
  });

  it('earlier messages still waiting: this one queues behind them instead of overtaking them', async () => {
    const fakes = deps({ hasWaiting: true });
    expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'waiting' });
    expect(fakes.send).not.toHaveBeenCalled();
    expect(fakes.queue).toHaveBeenCalledTimes(1);
  });

  it('a send that fails for lack of network (no answer, time-out) goes to the outbox, waiting', async () => {
    for (const failure of [new TypeError('Failed to fetch'), Object.assign(new Error('Request timed out'), { name: 'TimeoutError' })]) {
      const fakes = deps({ send: vi.fn(async () => Promise.reject(failure)) });
      expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'waiting' });
      expect(fakes.queue).toHaveBeenCalledTimes(1);
      expect(fakes.markFailed).not.toHaveBeenCalled();
    }
  });

  it('a server failure (5xx, 408, 429) is retried later from the outbox, not shown as failed', async () => {
    for (const status of [500, 503, 408, 429]) {
      const fakes = deps({ send: vi.fn(async () => Promise.reject(httpError(status, { message: 'busy' }))) });
      expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'waiting' });
      expect(fakes.markFailed).not.toHaveBeenCalled();
    }
  });

  it('answered 202 (the service worker queued it itself): waiting, and not queued a second time', async () => {
    const fakes = deps({ send: vi.fn(async () => ({ status: 'queued' as const })) });
    expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'waiting' });
    expect(fakes.queue).not.toHaveBeenCalled();
  });

  it("refused by the server (4xx): kept, marked failed with the server's message, for a Retry", async () => {
    const fakes = deps({ send: vi.fn(async () => Promise.reject(httpError(403, { message: 'This task is not yours' }))) });
    expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'failed', reason: 'This task is not yours' });
    expect(fakes.queue).toHaveBeenCalledTimes(1);
    expect(fakes.markFailed).toHaveBeenCalledWith(42, 'This task is not yours');
  });

  it('refused without a message: a reason with the status', async () => {
    const fakes = deps({ send: vi.fn(async () => Promise.reject(httpError(400, {}))) });
    expect(await sendChatMessage(draft, fakes)).toEqual({ state: 'failed', reason: 'The message could not be sent (400)' });
  });
});
