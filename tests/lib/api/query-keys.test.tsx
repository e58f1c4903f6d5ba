// @vitest-environment jsdom
/**
 * The key factories and the mutation hooks that own their invalidation (docs/architecture.md,
 * 'The data layer'): after a change succeeds (or, for a schedule, fails), the queries it
 * changed are stale and the others are not.
 */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  receiptKeys,
  supportKeys,
  useCancelTask,
  useRateTask,
  useSendSupportRequest,
} from '../../../src/lib/api/aftercare';
import { chatKeys } from '../../../src/lib/api/chat';
import { driverLocationKeys } from '../../../src/lib/api/driver-location';
import { driverKeys } from '../../../src/lib/api/driver';
import { taskEventKeys } from '../../../src/lib/api/events';
import { notificationKeys } from '../../../src/lib/api/notifications';
import { pendingTaskKeys } from '../../../src/lib/api/pending-tasks';
import { placeKeys, useSavePlace } from '../../../src/lib/api/places';
import { planKeys, planStatusQuery } from '../../../src/lib/api/plan';
import { pointsKeys } from '../../../src/lib/api/points';
import { priceKeys } from '../../../src/lib/api/pricing';
import type { QueryData } from '../../../src/lib/api/query-data';
import { scheduleKeys, useChangeSchedule } from '../../../src/lib/api/schedules';
import { serviceAreaKeys } from '../../../src/lib/api/service-area';
import { useSubscribe } from '../../../src/lib/api/subscriptions';
import { taskKeys } from '../../../src/lib/api/tasks';
import { userKeys, userQuery } from '../../../src/lib/api/user';
import type { Task, User } from '../../../src/shared/contract';
import { sampleTask, sampleUser } from '../../sample-data';
import { stubApi, tokenFor, withQueryClient } from '../../query-support';

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** What a signed-in client has cached: the tasks, plan, points, events, user, schedules, places, support, a receipt. */
const CACHED: readonly QueryKey[] = [
  taskKeys.list('u1'),
  planKeys.status('u1'),
  pointsKeys.balance('u1'),
  taskEventKeys.all,
  userKeys.me('u1'),
  scheduleKeys.list('u1'),
  placeKeys.list('u1'),
  supportKeys.all,
  receiptKeys.ofTask('t1'),
  receiptKeys.ofTask('t2'),
];

function cachedClient(task: Task): QueryClient {
  // No observer runs these reads: an invalidation marks them stale without fetching.
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of CACHED) client.setQueryData(key, { data: key[0] === 'tasks' ? [task] : {}, cachedAt: null });
  return client;
}

const staleKeys = (client: QueryClient) =>
  CACHED.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));

function hook<T>(use: () => T, client: QueryClient) {
  return renderHook(use, { wrapper: ({ children }: { children: ReactNode }) => withQueryClient(children, client) });
}

describe('the key factories', () => {
  it('every key of a resource starts with its `all`, and no two resources share a root', () => {
    const factories = [
      [taskKeys, [taskKeys.list('u1')]],
      [planKeys, [planKeys.status('u1')]],
      [pointsKeys, [pointsKeys.balance('u1')]],
      [userKeys, [userKeys.me('u1')]],
      [scheduleKeys, [scheduleKeys.list('u1')]],
      [placeKeys, [placeKeys.list('u1')]],
      [notificationKeys, [notificationKeys.settings('u1')]],
      [priceKeys, [priceKeys.table(), priceKeys.device('u1')]],
      [receiptKeys, [receiptKeys.ofTask('t1')]],
      [
        chatKeys,
        [
          chatKeys.newest('t1'),
          chatKeys.older('t1', null),
          chatKeys.outbox('t1'),
          chatKeys.send('t1'),
          chatKeys.ofTask('t1'),
        ],
      ],
      [driverLocationKeys, [driverLocationKeys.of('d1')]],
      [driverKeys, [driverKeys.tasks(), driverKeys.offers(), driverKeys.messages('t1'), driverKeys.actions()]],
      [taskEventKeys, []],
      [supportKeys, []],
      [serviceAreaKeys, []],
      [pendingTaskKeys, []],
    ] as const;
    for (const [factory, keys] of factories)
      for (const key of keys) expect(key.slice(0, factory.all.length)).toEqual(factory.all);
    const roots = factories.map(([factory]) => factory.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
    // One case for every root: camelCase words.
    for (const root of roots) expect(root).toMatch(/^[a-z]+([A-Z][a-z]+)*$/);
  });

  it("the signed-in user's reads are keyed by the token's subject", () => {
    expect(userQuery().queryKey).toEqual(userKeys.me('u1'));
    expect(planStatusQuery().queryKey).toEqual(planKeys.status('u1'));
  });
});

describe('mutation hooks own their invalidation', () => {
  it('a cancel puts the cancelled task in the list and makes the tasks, plan, points, events and its receipt stale', async () => {
    const task = sampleTask({ _id: 't1', status: 'pending' });
    const cancelled = { ...task, status: 'cancelled' } as Task;
    const sent = stubApi(() => Response.json({ data: cancelled }));
    const client = cachedClient(task);
    const told = vi.fn();
    const { result } = hook(() => useCancelTask({ onSuccess: told }), client);
    await act(() => result.current.mutateAsync({ taskId: 't1', reason: 'other' }));

    expect(sent.map((request) => request.path)).toEqual(['client/tasks/cancel']);
    expect(staleKeys(client)).toEqual(['tasks/u1', 'plan/u1', 'points/u1', 'taskEvents', 'receipt/t1']);
    expect(client.getQueryData<QueryData<Task[]>>(taskKeys.list('u1'))?.data).toEqual([cancelled]);
    expect(told).toHaveBeenCalledWith(cancelled);
  });

  it('a refused cancel changes nothing cached', async () => {
    stubApi(() => Response.json({ message: 'The driver is on the way' }, { status: 409 }));
    const task = sampleTask({ _id: 't1', status: 'pending' });
    const client = cachedClient(task);
    const { result } = hook(() => useCancelTask(), client);
    await act(() => result.current.mutateAsync({ taskId: 't1', reason: 'other' }).catch(() => undefined));
    expect(staleKeys(client)).toEqual([]);
    expect(client.getQueryData<QueryData<Task[]>>(taskKeys.list('u1'))?.data).toEqual([task]);
  });

  it('a rating shows on the task at once and makes the tasks (its page, Home, History) stale, nothing else', async () => {
    const task = sampleTask({ _id: 't1', status: 'completed' });
    const rated = { ...task, rating: { stars: 5 } } as Task;
    stubApi(() => Response.json({ data: rated }));
    const client = cachedClient(task);
    const { result } = hook(() => useRateTask(), client);
    await act(() => result.current.mutateAsync({ taskId: 't1', stars: 5 }));
    expect(staleKeys(client)).toEqual(['tasks/u1']);
    expect(client.getQueryData<QueryData<Task[]>>(taskKeys.list('u1'))?.data).toEqual([rated]);
  });

  it('subscribing shows the new plan on the user at once and makes the plan stale', async () => {
    const subscribed = sampleUser({ subscription: { plan: 'silver', expiresAt: '2026-12-28T00:00:00.000Z' } });
    stubApi(() => Response.json({ data: subscribed }));
    const client = cachedClient(sampleTask());
    const { result } = hook(() => useSubscribe(), client);
    await act(() => result.current.mutateAsync({ plan: 'silver', userId: 'u1', reference: 'ref-1' }));
    expect(staleKeys(client)).toEqual(['plan/u1']);
    expect(client.getQueryData<QueryData<User>>(userKeys.me('u1'))).toEqual({ data: subscribed, cachedAt: null });
  });

  it('saving a place makes the places stale; a report makes the support requests stale', async () => {
    stubApi((path) => Response.json({ data: path === 'client/places/save' ? { label: 'home' } : { _id: 's1' } }));
    const client = cachedClient(sampleTask());
    const place = hook(() => useSavePlace(), client);
    await act(() =>
      place.result.current.mutateAsync({
        label: 'home',
        address: '1 Marina, Lagos',
        addressDetails: '',
        location: { type: 'Point', coordinates: [3.4, 6.45] },
      }),
    );
    expect(staleKeys(client)).toEqual(['places/u1']);
    const report = hook(() => useSendSupportRequest(), client);
    await act(() => report.result.current.mutateAsync({ taskId: 't1', category: 'other', text: 'Nobody came' }));
    expect(staleKeys(client)).toEqual(['places/u1', 'supportRequests']);
  });

  it('a schedule change makes the schedules stale even when refused (the list may have moved meanwhile)', async () => {
    stubApi(() => Response.json({ message: 'No such schedule' }, { status: 404 }));
    const client = cachedClient(sampleTask());
    const { result } = hook(() => useChangeSchedule(), client);
    await act(() => result.current.mutateAsync({ action: 'pause', scheduleId: 's1' }).catch(() => undefined));
    expect(staleKeys(client)).toEqual(['schedules/u1']);
  });
});
