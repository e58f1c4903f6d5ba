// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb, getCachedResponse, getOutbox, putCachedResponse } from '../../src/shared/offline-db';
import { queueMessage } from '../../src/shared/chat-outbox';
import { useSessionStore } from '../../src/lib/session-store';

afterAll(() => closeOfflineDb());

function tokenFor(userId: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: userId })}.signature`;
}

describe('logout', () => {
  it("clears the token, then the user's cached responses and queued chat (keyed by the token's sub)", async () => {
    const token = tokenFor('user-7');
    useSessionStore.getState().signIn(token);
    await putCachedResponse('user-7', 'client/userdata', { data: { firstname: 'Ada' } });
    await putCachedResponse('someone-else', 'client/userdata', { data: { firstname: 'Bola' } });
    await queueMessage({ taskId: 't1', sender: 'user', content: 'hello', clientId: 'c1', userId: 'user-7', token });

    useSessionStore.getState().signOut();

    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    await vi.waitFor(async () => expect(await getCachedResponse('user-7', 'client/userdata')).toBeUndefined(), {
      timeout: 15_000,
    });
    expect(await getOutbox()).toEqual([]);
    expect((await getCachedResponse('someone-else', 'client/userdata'))?.body).toEqual({ data: { firstname: 'Bola' } });
  });
});
