import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { queueMessage } from '../../src/shared/chat-outbox';
import { closeOfflineDb, getOutbox, removeFromOutbox, setOutboxFailure } from '../../src/shared/offline-db';
import { startPayment } from '../../src/lib/payment-activity';
import { reloadBlocker } from '../../src/lib/sw-bridge';

afterAll(() => closeOfflineDb());

describe("'Update available - Reload' never reloads during a payment or with unsent chat", () => {
  it('nothing under way: the update may reload the page', async () => {
    expect(await reloadBlocker()).toBeNull();
  });

  it('a payment is open: blocked until it ends', async () => {
    const end = startPayment();
    expect(await reloadBlocker()).toBe('payment');
    end();
    expect(await reloadBlocker()).toBeNull();
  });

  it('a chat message waits in the outbox: blocked; a message the server refused does not block', async () => {
    const id = await queueMessage({ taskId: 't1', sender: 'user', content: 'hello', clientId: 'c1' });
    expect(await reloadBlocker()).toBe('unsent-chat');
    await setOutboxFailure(id, 'Task not found');
    expect(await reloadBlocker()).toBeNull();
    await removeFromOutbox(id);
    expect(await getOutbox()).toEqual([]);
  });
});
