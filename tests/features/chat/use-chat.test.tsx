// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ChatMessage } from '../../../src/shared/contract';
import { closeOfflineDb, getOutbox, openOfflineDb } from '../../../src/shared/offline-db';
import { useChat } from '../../../src/features/chat/use-chat';
import { createQueryClient } from '../../../src/lib/query-client';
import { withQueryClient } from '../../query-support';

/** The reference server's chat, in memory: messages by task, a repeated clientId stored once; `refusal` answers sends with an error. */
function fakeChatServer() {
  const messages: ChatMessage[] = [];
  const sends: Array<{
    body: { content: string; clientId?: string };
    authorization: string | null;
    isReplay: boolean;
  }> = [];
  const state = {
    refusal: null as { status: number; message: string } | null,
    reads: [] as Array<Record<string, string>>,
  };
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = (await request.json()) as Record<string, string>;
    if (path === '/client/getMessages') {
      state.reads.push(body);
      const since = body.since ? Date.parse(body.since) : -Infinity;
      return Response.json({
        data: {
          messages: messages.filter(
            (message) => message.taskId === body.taskId && Date.parse(message.timestamp) > since,
          ),
        },
      });
    }
    if (path === '/client/sendingMessages') {
      sends.push({
        body: body as { content: string; clientId?: string },
        authorization: request.headers.get('Authorization'),
        isReplay: request.headers.has('X-Outbox-Replay'),
      });
      if (state.refusal) return Response.json({ message: state.refusal.message }, { status: state.refusal.status });
      let stored = messages.find((message) => message.clientId === body.clientId);
      if (!stored) {
        stored = {
          _id: `m${messages.length + 1}`,
          taskId: body.taskId!,
          sender: 'user',
          content: body.content!,
          timestamp: new Date(Date.now() + messages.length).toISOString(),
          clientId: body.clientId ?? null,
        };
        messages.push(stored);
      }
      return Response.json({ data: stored }, { status: 201 });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
  return { fetch, messages, sends, state };
}

let server: ReturnType<typeof fakeChatServer>;
let isOnline = true;

beforeEach(async () => {
  server = fakeChatServer();
  vi.stubGlobal('fetch', server.fetch);
  isOnline = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => isOnline);
  localStorage.setItem('token', 'session-token');
  await (await openOfflineDb()).clear('outbox');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});
afterAll(() => closeOfflineDb());

const open = () => {
  const client = createQueryClient();
  return renderHook(() => useChat('t1', 'u1'), { wrapper: ({ children }) => withQueryClient(children, client) });
};
const states = (entries: ReturnType<typeof useChat>['entries']) =>
  entries.map(({ content, state }) => `${content}: ${state}`);

describe('the chat of a task (messages every 2 seconds; nothing typed is lost)', () => {
  it("opens with the task's messages, then polls for newer ones only", async () => {
    server.messages.push({
      _id: 'm0',
      taskId: 't1',
      sender: 'driver',
      content: 'I am on my way',
      timestamp: '2026-11-22T10:00:00.000Z',
      clientId: null,
    });
    const { result } = open();
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(states(result.current.entries)).toEqual(['I am on my way: sent']));
    expect(result.current.isLoading).toBe(false);
    server.messages.push({
      _id: 'm1',
      taskId: 't1',
      sender: 'driver',
      content: 'At the gate',
      timestamp: '2026-11-22T10:05:00.000Z',
      clientId: null,
    });
    await waitFor(() => expect(states(result.current.entries)).toEqual(['I am on my way: sent', 'At the gate: sent']));
    expect(server.state.reads[0]).toEqual({ taskId: 't1' });
    expect(server.state.reads[1]).toEqual({ taskId: 't1', since: '2026-11-22T10:00:00.000Z' });
  });

  it('a message is sent with a clientId and the session token, and shows as sent', async () => {
    const { result } = open();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    await act(async () => expect(await result.current.send('  Please ring the bell  ')).toBe(true));
    expect(server.sends).toEqual([
      {
        body: expect.objectContaining({
          taskId: 't1',
          sender: 'user',
          content: 'Please ring the bell',
          clientId: expect.any(String),
        }),
        authorization: 'Bearer session-token',
        isReplay: false,
      },
    ]);
    await waitFor(() => expect(states(result.current.entries)).toEqual(['Please ring the bell: sent']));
    expect(await getOutbox()).toEqual([]);
  });

  it('an empty or whitespace-only message is not sent', async () => {
    const { result } = open();
    await act(async () => expect(await result.current.send('   ')).toBe(false));
    expect(server.sends).toEqual([]);
  });

  it("offline: kept on the device and shown 'waiting'; when the network returns the page (no worker here) replays it, once", async () => {
    const { result } = open();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    isOnline = false;
    // The browser says so; src/lib/online.ts tells onlineManager, which the chat reads.
    await act(async () => void window.dispatchEvent(new Event('offline')));
    await act(async () => void (await result.current.send('Good morning')));
    expect(server.sends).toEqual([]);
    await waitFor(() => expect(states(result.current.entries)).toEqual(['Good morning: waiting']));
    expect((await getOutbox('t1')).map(({ content, token, userId }) => ({ content, token, userId }))).toEqual([
      { content: 'Good morning', token: 'session-token', userId: 'u1' },
    ]);

    isOnline = true;
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(states(result.current.entries)).toEqual(['Good morning: sent']));
    expect(server.sends.map(({ isReplay, authorization }) => ({ isReplay, authorization }))).toEqual([
      { isReplay: true, authorization: 'Bearer session-token' },
    ]);
    expect(await getOutbox()).toEqual([]);
    expect(server.messages).toHaveLength(1);
  });

  it('refused by the server: shown failed with its message; Retry sends it again', async () => {
    const { result } = open();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    server.state.refusal = { status: 404, message: 'Task not found' };
    await act(async () => void (await result.current.send('Hello')));
    await waitFor(() =>
      expect(
        result.current.entries.map(({ content, state, failedReason }) => ({ content, state, failedReason })),
      ).toEqual([{ content: 'Hello', state: 'failed', failedReason: 'Task not found' }]),
    );

    server.state.refusal = null;
    const outboxId = result.current.entries[0]!.outboxId!;
    await act(async () => result.current.retry(outboxId));
    await waitFor(() => expect(states(result.current.entries)).toEqual(['Hello: sent']));
    expect(server.messages.map(({ content }) => content)).toEqual(['Hello']);
  });

  it('a server failure keeps the message waiting; the next poll that gets through sends it', async () => {
    const { result } = open();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    server.state.refusal = { status: 503, message: 'Service unavailable' };
    await act(async () => void (await result.current.send('Are you close?')));
    await waitFor(() => expect(states(result.current.entries)).toEqual(['Are you close?: waiting']));
    server.state.refusal = null;
    await waitFor(() => expect(states(result.current.entries)).toEqual(['Are you close?: sent']));
    expect(server.messages).toHaveLength(1);
  });
});

describe('older messages, a page at a time', () => {
  const at = (minute: number) => `2026-11-22T10:0${minute}:00.000Z`;
  const driver = (id: string, minute: number): ChatMessage => ({
    _id: id,
    taskId: 't1',
    sender: 'driver',
    content: `Message ${id}`,
    timestamp: at(minute),
    clientId: null,
  });

  it('the newest page first; loadOlder fetches the page before it (by olderCursor) and shows it above, oldest first', async () => {
    const bodies: Array<Record<string, string>> = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      const body = (await request.json()) as Record<string, string>;
      bodies.push(body);
      if (body.before === 'page-1') return Response.json({ data: { messages: [driver('a', 1)], olderCursor: null } });
      if (body.since) return Response.json({ data: { messages: [], olderCursor: null } });
      return Response.json({ data: { messages: [driver('b', 2), driver('c', 3)], olderCursor: 'page-1' } });
    });
    const { result } = open();
    await waitFor(() => expect(result.current.entries.map((entry) => entry.key)).toEqual(['b', 'c']));
    expect(result.current.hasOlder).toBe(true);
    // Nothing older is fetched until asked for.
    expect(bodies.some((body) => body.before)).toBe(false);

    await act(async () => {
      await result.current.loadOlder();
    });
    await waitFor(() => expect(result.current.entries.map((entry) => entry.key)).toEqual(['a', 'b', 'c']));
    expect(bodies.find((body) => body.before)).toEqual({ taskId: 't1', before: 'page-1' });
    expect(result.current.hasOlder).toBe(false);
  });

  it('a second loadOlder while one is in flight joins it: one request, and both callers get the count', async () => {
    let olderRequests = 0;
    let answerOlder = () => {};
    vi.stubGlobal('fetch', async (request: Request) => {
      const body = (await request.json()) as Record<string, string>;
      if (body.before === 'page-2') {
        olderRequests += 1;
        await new Promise<void>((resolve) => {
          answerOlder = resolve;
        });
        return Response.json({ data: { messages: [driver('a', 1)], olderCursor: null } });
      }
      if (body.before === 'page-1')
        return Response.json({ data: { messages: [driver('b', 2)], olderCursor: 'page-2' } });
      return Response.json({ data: { messages: [driver('c', 3)], olderCursor: 'page-1' } });
    });
    const { result } = open();
    await waitFor(() => expect(result.current.hasOlder).toBe(true));
    await act(async () => {
      await result.current.loadOlder();
    });
    await waitFor(() => expect(result.current.entries.map((entry) => entry.key)).toEqual(['b', 'c']));

    // Both calls come from one render, as two scroll events before the next render would make them.
    const { loadOlder } = result.current;
    let counts: number[] = [];
    await act(async () => {
      const both = Promise.all([loadOlder(), loadOlder()]);
      await waitFor(() => expect(olderRequests).toBeGreaterThan(0));
      answerOlder();
      counts = await both;
    });
    expect(counts).toEqual([1, 1]);
    expect(olderRequests).toBe(1);
    await waitFor(() => expect(result.current.entries.map((entry) => entry.key)).toEqual(['a', 'b', 'c']));
  });

  it('a server that sends no olderCursor has nothing older', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ data: { messages: [driver('a', 1)] } }));
    const { result } = open();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.hasOlder).toBe(false);
  });
});
