import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { pushNoticeOf, queryKeysAfterPush, refreshOnPush } from '../../src/lib/push-refresh';
import { PUSH_RECEIVED } from '../../src/shared/sw-messages';

/** A client whose queries all hold data, none stale yet. */
function clientWith(...keys: string[][]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of keys) client.setQueryData(key, { data: key.join('/') });
  return client;
}

const invalidated = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.join('/'))
    .sort();

/** What navigator.serviceWorker is to the page here: where the worker's messages arrive. */
function workerMessages() {
  const target = new EventTarget();
  return {
    workers: target as unknown as ServiceWorkerContainer,
    post: (data: unknown) => target.dispatchEvent(Object.assign(new Event('message'), { data })),
  };
}

describe('a push read again by the open app', () => {
  it("about a task: the task list and the bell; on completion, a cancel or a refund the points and the plan too; a driver's message: that task's chat", () => {
    expect(queryKeysAfterPush({ kind: 'on-the-way', taskId: 't1' })).toEqual([['tasks'], ['taskEvents']]);
    expect(queryKeysAfterPush({ kind: 'completed', taskId: 't1' })).toEqual([
      ['tasks'],
      ['taskEvents'],
      ['user'],
      ['points'],
      ['plan'],
    ]);
    expect(queryKeysAfterPush({ kind: 'refund', taskId: 't1' })).toEqual([
      ['tasks'],
      ['taskEvents'],
      ['plan'],
      ['points'],
    ]);
    expect(queryKeysAfterPush({ kind: 'chat', taskId: 't1' })).toEqual([['chat', 't1']]);
    expect(queryKeysAfterPush({ kind: 'plan-renewal', taskId: null })).toEqual([['plan'], ['user']]);
    expect(queryKeysAfterPush({ kind: 'schedule-not-covered', taskId: null })).toEqual([['schedules'], ['plan']]);
  });

  it("only the worker's push messages count", () => {
    expect(pushNoticeOf({ type: PUSH_RECEIVED, kind: 'arriving', taskId: 't1' })).toEqual({
      kind: 'arriving',
      taskId: 't1',
    });
    expect(pushNoticeOf({ type: PUSH_RECEIVED, kind: 'plan-renewal', taskId: null })).toEqual({
      kind: 'plan-renewal',
      taskId: null,
    });
    expect(pushNoticeOf({ type: 'OUTBOX_CHANGED' })).toBeNull();
    expect(pushNoticeOf({ type: PUSH_RECEIVED })).toBeNull();
    expect(pushNoticeOf(null)).toBeNull();
  });

  it('a message from the worker marks those queries stale, and nothing else; none once the page has stopped listening', () => {
    const client = clientWith(
      ['tasks', 'u1'],
      ['taskEvents'],
      ['chat', 't1', 'newest'],
      ['chat', 't2', 'newest'],
      ['prices', 'table'],
    );
    const { workers, post } = workerMessages();
    const stop = refreshOnPush(client, workers);

    post({ type: 'OUTBOX_CHANGED' });
    expect(invalidated(client)).toEqual([]);

    post({ type: PUSH_RECEIVED, kind: 'chat', taskId: 't1' });
    expect(invalidated(client)).toEqual(['chat/t1/newest']);

    post({ type: PUSH_RECEIVED, kind: 'driver-assigned', taskId: 't1' });
    expect(invalidated(client)).toEqual(['chat/t1/newest', 'taskEvents', 'tasks/u1']);

    stop();
    post({ type: PUSH_RECEIVED, kind: 'chat', taskId: 't2' });
    expect(invalidated(client)).toEqual(['chat/t1/newest', 'taskEvents', 'tasks/u1']);
  });

  it('without service workers (an old browser): nothing to listen to', () => {
    expect(() => refreshOnPush(new QueryClient(), undefined)()).not.toThrow();
  });
});
