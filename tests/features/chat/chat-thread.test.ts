import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/shared/contract';
import type { OutboxMessage } from '../../../src/shared/offline-db';
import { addMessages, newestTimestamp } from '../../../src/lib/api/chat';
import { mergeThread, messageContent, shouldQueueFirst } from '../../../src/features/chat/chat-thread';

const message = (id: string, timestamp: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  taskId: 't1',
  sender: 'user',
  content: id,
  timestamp,
  clientId: null,
  ...overrides,
});

const queued = (id: number, clientId: string, overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id,
  taskId: 't1',
  sender: 'user',
  content: clientId,
  clientId,
  queuedAt: Date.parse('2026-11-22T12:00:00.000Z') + id,
  ...overrides,
});

describe('reading the thread (2 s polling with since)', () => {
  it('adds newly read messages once each, oldest first, even when a poll repeats the last one', () => {
    const first = [
      message('a', '2026-11-22T10:00:00.000Z', { sender: 'driver' }),
      message('b', '2026-11-22T10:01:00.000Z'),
    ];
    const again = addMessages(first, [
      message('b', '2026-11-22T10:01:00.000Z'),
      message('c', '2026-11-22T10:02:00.000Z', { sender: 'driver' }),
    ]);
    expect(again.map((entry) => entry._id)).toEqual(['a', 'b', 'c']);
    expect(addMessages(again, []).map((entry) => entry._id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the server order for messages of the same millisecond', () => {
    const same = '2026-11-22T10:00:00.000Z';
    expect(addMessages([message('x', same)], [message('y', same)]).map((entry) => entry._id)).toEqual(['x', 'y']);
  });

  it('asks only for messages newer than the newest timestamp seen', () => {
    expect(newestTimestamp([])).toBeUndefined();
    expect(newestTimestamp([message('a', '2026-11-22T10:05:00.000Z'), message('b', '2026-11-22T10:01:00.000Z')])).toBe(
      '2026-11-22T10:05:00.000Z',
    );
  });
});

describe('merging the server, the outbox and in-flight sends (nothing shows twice)', () => {
  it("shows the server's messages as sent, then the outbox in queue order as 'waiting', then in-flight as sending", () => {
    const thread = mergeThread(
      [message('s1', '2026-11-22T10:00:00.000Z', { sender: 'driver', content: 'Hello' })],
      [queued(7, 'second'), queued(3, 'first')],
      [{ clientId: 'third', content: 'third', startedAt: '2026-11-22T12:01:00.000Z' }],
    );
    expect(thread.map((entry) => [entry.content, entry.state])).toEqual([
      ['Hello', 'sent'],
      ['first', 'waiting'],
      ['second', 'waiting'],
      ['third', 'sending'],
    ]);
    expect(thread[1]!.outboxId).toBe(3);
  });

  it('a message the server already stored is shown once, as sent, even while its outbox entry is still there', () => {
    const thread = mergeThread(
      [message('s1', '2026-11-22T10:00:00.000Z', { clientId: 'c1', content: 'On my way?' })],
      [queued(1, 'c1', { content: 'On my way?' })],
      [{ clientId: 'c1', content: 'On my way?', startedAt: '2026-11-22T10:00:00.000Z' }],
    );
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ key: 's1', state: 'sent' });
  });

  it('an in-flight message that reached the outbox (202 from the service worker) shows once, as waiting', () => {
    const thread = mergeThread(
      [],
      [queued(1, 'c1'), queued(2, 'c1')],
      [{ clientId: 'c1', content: 'c1', startedAt: '2026-11-22T12:00:00.000Z' }],
    );
    expect(thread.map((entry) => entry.state)).toEqual(['waiting']);
  });

  it('a refused message shows as failed with its reason and outbox id (for Retry)', () => {
    const [entry] = mergeThread([], [queued(4, 'c4', { failedReason: 'This task is not yours' })]);
    expect(entry).toMatchObject({
      state: 'failed',
      failedReason: 'This task is not yours',
      outboxId: 4,
      sender: 'user',
    });
  });
});

describe('chat send rules (validation)', () => {
  it('an empty or whitespace-only message is not sent', () => {
    expect(messageContent('')).toBeNull();
    expect(messageContent('   \n\t ')).toBeNull();
  });

  it('a message is sent trimmed', () => {
    expect(messageContent('  I am at the gate  ')).toBe('I am at the gate');
  });

  it('goes straight to the outbox when offline or when earlier messages still wait (their order is kept)', () => {
    expect(shouldQueueFirst({ isOnline: false, hasWaiting: false })).toBe(true);
    expect(shouldQueueFirst({ isOnline: true, hasWaiting: true })).toBe(true);
    expect(shouldQueueFirst({ isOnline: true, hasWaiting: false })).toBe(false);
  });
});

describe('who wrote it (a driver change)', () => {
  it("keeps each driver message's writer and the service's note; the client's own messages and old answers carry no name", () => {
    const thread = mergeThread(
      [
        message('a', '2026-11-22T10:00:00.000Z', { sender: 'driver', senderName: 'Kunle' }),
        message('b', '2026-11-22T10:01:00.000Z', { sender: 'system', content: 'Your new driver is Emeka' }),
        message('c', '2026-11-22T10:02:00.000Z', { sender: 'driver', senderName: ' Emeka ' }),
        message('d', '2026-11-22T10:03:00.000Z', { senderName: 'Ada' }),
        // Kept on the device from before messages carried names.
        message('e', '2026-11-22T10:04:00.000Z', { sender: 'driver' }),
      ],
      [],
    );
    expect(thread.map((entry) => [entry.sender, entry.senderName])).toEqual([
      ['driver', 'Kunle'],
      ['system', undefined],
      ['driver', 'Emeka'],
      ['user', undefined],
      ['driver', undefined],
    ]);
  });
});
