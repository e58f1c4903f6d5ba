import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DB_NAME,
  addDriverAction,
  addDriverPoint,
  addToOutbox,
  clearDriverData,
  getDriverActions,
  getDriverPoints,
  refuseDriverAction,
  removeDriverAction,
  removeDriverPoints,
  closeOfflineDb,
  getCachedResponse,
  getOutbox,
  getPendingTasks,
  openOfflineDb,
  putCachedResponse,
  putPendingTask,
  removeFromOutbox,
  removePendingTask,
} from '../../src/shared/offline-db';
import { sampleTaskRequest } from '../sample-data';

afterAll(() => closeOfflineDb());

describe('the offline database', () => {
  it('is "greenpick" version 3 with the responses, outbox, pendingTasks, signOuts and the driver app\'s stores', async () => {
    const db = await openOfflineDb();
    expect(db.name).toBe(DB_NAME);
    expect(db.version).toBe(3);
    expect([...db.objectStoreNames].sort()).toEqual([
      'answers',
      'driverActions',
      'driverPoints',
      'outbox',
      'pendingTasks',
      'signOuts',
    ]);
  });

  it("keeps the driver's actions and positions in the order they were made, until removed", async () => {
    const start = await addDriverAction({ kind: 'start', taskId: 't1', queuedAt: 1 });
    const complete = await addDriverAction({
      kind: 'complete',
      taskId: 't1',
      code: '1234',
      quantity: 3.5,
      queuedAt: 2,
    });
    await refuseDriverAction(complete, 'Wrong confirmation code (4 tries left)');
    expect(await getDriverActions()).toEqual([
      { id: start, kind: 'start', taskId: 't1', queuedAt: 1 },
      {
        id: complete,
        kind: 'complete',
        taskId: 't1',
        code: '1234',
        quantity: 3.5,
        queuedAt: 2,
        refusal: 'Wrong confirmation code (4 tries left)',
      },
    ]);
    await removeDriverAction(start);
    expect((await getDriverActions()).map((action) => action.id)).toEqual([complete]);

    const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second)).toISOString();
    const ids = [];
    for (const second of [1, 2, 3])
      ids.push(await addDriverPoint({ lat: 6.5, lng: 3.3, accuracy: 10, at: at(second) }));
    expect((await getDriverPoints(2)).map((point) => point.at)).toEqual([at(1), at(2)]);
    await removeDriverPoints(ids.slice(0, 2));
    expect((await getDriverPoints(500)).map((point) => point.at)).toEqual([at(3)]);

    await putCachedResponse('driver', 'driver/tasks', { data: [] });
    await clearDriverData('driver');
    expect(await getDriverActions()).toEqual([]);
    expect(await getDriverPoints(500)).toEqual([]);
    expect(await getCachedResponse('driver', 'driver/tasks')).toBeUndefined();
  });

  it('opens once: every caller shares one connection', async () => {
    expect(await openOfflineDb()).toBe(await openOfflineDb());
  });

  it('keeps the last response per user and path', async () => {
    await putCachedResponse('u1', '/admin/pricing', { data: [1] }, { savedAt: 1000 });
    await putCachedResponse('u1', '/admin/pricing', { data: [2] }, { savedAt: 2000 });
    await putCachedResponse('u2', '/admin/pricing', { data: [3] }, { savedAt: 3000 });

    expect(await getCachedResponse('u1', '/admin/pricing')).toEqual({
      key: 'u1:/admin/pricing',
      userId: 'u1',
      path: '/admin/pricing',
      body: { data: [2] },
      savedAt: 2000,
    });
    expect((await getCachedResponse<{ data: number[] }>('u2', '/admin/pricing'))?.body.data).toEqual([3]);
    expect(await getCachedResponse('u3', '/admin/pricing')).toBeUndefined();
  });

  it('queues chat messages in order, per task, until removed', async () => {
    const first = await addToOutbox({
      taskId: 't1',
      sender: 'user',
      content: 'I am at the gate',
      clientId: 'c1',
      queuedAt: 1,
    });
    await addToOutbox({ taskId: 't2', sender: 'user', content: 'Other task', clientId: 'c2', queuedAt: 2 });
    await addToOutbox({ taskId: 't1', sender: 'user', content: 'Blue door', clientId: 'c3', queuedAt: 3 });

    expect((await getOutbox('t1')).map((message) => message.content)).toEqual(['I am at the gate', 'Blue door']);
    expect((await getOutbox()).map((message) => message.clientId)).toEqual(['c1', 'c2', 'c3']);

    await removeFromOutbox(first);
    expect((await getOutbox('t1')).map((message) => message.clientId)).toEqual(['c3']);
  });

  it('keeps one pending paid task per payment reference until the server confirms it', async () => {
    await putPendingTask(sampleTaskRequest('1767225600000-ab12'), 10);
    await putPendingTask(sampleTaskRequest('1767225600000-ab12'), 20);
    await putPendingTask(sampleTaskRequest('1767225600500-cd34'), 30);

    const pending = await getPendingTasks();
    expect(pending.map((record) => [record.reference, record.savedAt])).toEqual([
      ['1767225600000-ab12', 20],
      ['1767225600500-cd34', 30],
    ]);
    expect(pending[0].request.serviceName).toBe('Household Waste Pickup');

    await removePendingTask('1767225600000-ab12');
    expect((await getPendingTasks()).map((record) => record.reference)).toEqual(['1767225600500-cd34']);
  });
});

describe('logout clears the user', () => {
  it("removes that user's cached responses and outbox entries (and unowned ones), keeps others' and the paid tasks", async () => {
    const { clearUserData } = await import('../../src/shared/offline-db');
    await putCachedResponse('leaver', 'client/userdata', { data: 1 });
    await putCachedResponse('stayer', 'client/userdata', { data: 2 });
    const leaverMessage = await addToOutbox({
      taskId: 't1',
      sender: 'user',
      content: 'a',
      clientId: 'c-leaver',
      queuedAt: 1,
      userId: 'leaver',
    });
    const unowned = await addToOutbox({
      taskId: 't1',
      sender: 'user',
      content: 'b',
      clientId: 'c-unowned',
      queuedAt: 2,
    });
    const stayerMessage = await addToOutbox({
      taskId: 't2',
      sender: 'user',
      content: 'c',
      clientId: 'c-stayer',
      queuedAt: 3,
      userId: 'stayer',
    });
    await putPendingTask(sampleTaskRequest('paid-before-logout'));

    await clearUserData('leaver');

    expect(await getCachedResponse('leaver', 'client/userdata')).toBeUndefined();
    expect((await getCachedResponse('stayer', 'client/userdata'))?.body).toEqual({ data: 2 });
    const ids = (await getOutbox()).map((message) => message.id);
    expect(ids).toContain(stayerMessage);
    expect(ids).not.toContain(leaverMessage);
    expect(ids).not.toContain(unowned);
    expect((await getPendingTasks()).map((pending) => pending.reference)).toContain('paid-before-logout');
    await removeFromOutbox(stayerMessage);
    await removePendingTask('paid-before-logout');
  });

  it('an answer asked for before the logout and arriving after it is not kept; one asked for after a new sign-in is', async () => {
    const { clearUserData } = await import('../../src/shared/offline-db');
    await clearUserData('returner', 5_000);
    await putCachedResponse('returner', 'client/task', { data: 'in flight at logout' }, { askedAt: 4_000 });
    await putCachedResponse('returner', 'client/task', { data: 'at the logout itself' }, { askedAt: 5_000 });
    expect(await getCachedResponse('returner', 'client/task')).toBeUndefined();
    // Another user's answers are not touched by that mark.
    await putCachedResponse('stayer', 'client/task', { data: 'theirs' }, { askedAt: 4_000 });
    expect((await getCachedResponse('stayer', 'client/task'))?.body).toEqual({ data: 'theirs' });
    await putCachedResponse('returner', 'client/task', { data: 'signed in again' }, { askedAt: 6_000 });
    expect((await getCachedResponse('returner', 'client/task'))?.body).toEqual({ data: 'signed in again' });
  });
});
