/**
 * The app's IndexedDB schema and stores, the one place that opens database `greenpick`. The
 * app and the service worker both use it, so it uses no DOM-only API. To change the schema,
 * raise DB_VERSION and add an `oldVersion < N` step to `upgrade` (docs/architecture.md,
 * 'The one IndexedDB schema').
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CreateTaskRequest, SendMessageRequest } from './contract';

export const DB_NAME = 'greenpick';
export const DB_VERSION = 3;

export interface CachedResponse<T = unknown> {
  /** `${userId}:${path}` */
  key: string;
  userId: string;
  path: string;
  body: T;
  /** When the response was received (ms since the epoch). */
  savedAt: number;
}

export interface OutboxMessage extends SendMessageRequest {
  /** Given by the store; absent before the message is queued. */
  id?: number;
  /** Sent with the message so that a replay is delivered exactly once. */
  clientId: string;
  queuedAt: number;
  /** Who queued it (logout clears a user's entries). */
  userId?: string;
  /** The bearer token it was queued with: the service worker replays without the page. */
  token?: string;
  /** Set when the server refused it (4xx): replays skip it until the user retries. */
  failedReason?: string;
}

export interface PendingTask {
  /** The payment reference (also `request.reference`). */
  reference: string;
  request: CreateTaskRequest;
  savedAt: number;
  /** Set when the server refused it for good: its message (null without one) and when. */
  refusal?: { message: string | null; at: number };
  /** When the server last said the payment is still being processed (a bank transfer not confirmed yet). */
  awaitingPayment?: number;
}

/** When a user last signed out on this device: an answer asked for before then is not kept. */
interface SignOut {
  userId: string;
  at: number;
}

/** A driver's action waiting for the network, sent in `id` order (docs/driver.md, 'Offline'). */
export interface DriverAction {
  id?: number;
  kind: 'start' | 'arrived' | 'weigh' | 'photo' | 'complete' | 'message' | 'availability';
  /** The task it is about; '' for the Online / Offline switch, which is no task's. */
  taskId: string;
  /** The switch's new state. */
  online?: boolean;
  /** The completion's code and quantity; a weighing's quantity. */
  code?: string;
  quantity?: number;
  /** A chat message's text and its clientId (delivered once however often it is sent). */
  content?: string;
  clientId?: string;
  /** The pickup photo, shrunk, as a data URL (at most about 200 kB). */
  image?: string;
  queuedAt: number;
  /** Set when the server refused it: its message. The driver sees it and may try again. */
  refusal?: string;
}

/** A position taken by the driver's device, sent in `id` order (exactly once: the server keeps one per `at`). */
export interface DriverPoint {
  id?: number;
  lat: number;
  lng: number;
  accuracy: number;
  /** ISO 8601. */
  at: string;
}

interface OfflineSchema extends DBSchema {
  driverActions: { key: number; value: DriverAction };
  driverPoints: { key: number; value: DriverPoint };
  answers: { key: string; value: CachedResponse };
  signOuts: { key: string; value: SignOut };
  outbox: { key: number; value: OutboxMessage; indexes: { byTaskId: string } };
  pendingTasks: { key: string; value: PendingTask };
}

/** The browser refused to store more (QuotaExceededError). */
export class OfflineStorageFullError extends Error {
  constructor(cause: unknown) {
    super('There is no room left on this device to keep data for offline use', { cause });
    this.name = 'OfflineStorageFullError';
  }
}

let opening: Promise<IDBPDatabase<OfflineSchema>> | undefined;

export function openOfflineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('answers', { keyPath: 'key' });
        const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
        outbox.createIndex('byTaskId', 'taskId');
        db.createObjectStore('pendingTasks', { keyPath: 'reference' });
      }
      if (oldVersion < 2) db.createObjectStore('signOuts', { keyPath: 'userId' });
      if (oldVersion < 3) {
        db.createObjectStore('driverActions', { keyPath: 'id', autoIncrement: true });
        db.createObjectStore('driverPoints', { keyPath: 'id', autoIncrement: true });
      }
    },
    // A newer version (a new app or worker) wants to upgrade: let it, and reopen on next use.
    blocking: () => closeOfflineDb(),
    terminated: () => {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

export function closeOfflineDb(): void {
  const current = opening;
  opening = undefined;
  void current?.then(
    (db) => db.close(),
    () => undefined,
  );
}

async function write<T>(action: (db: IDBPDatabase<OfflineSchema>) => Promise<T>): Promise<T> {
  try {
    return await action(await openOfflineDb());
  } catch (error) {
    if (error instanceof Error && error.name === 'QuotaExceededError') throw new OfflineStorageFullError(error);
    throw error;
  }
}

// ---- answers ----

export function responseKey(userId: string, path: string): string {
  return `${userId}:${path}`;
}

export async function getCachedResponse<T>(userId: string, path: string): Promise<CachedResponse<T> | undefined> {
  const db = await openOfflineDb();
  return (await db.get('answers', responseKey(userId, path))) as CachedResponse<T> | undefined;
}

/**
 * Keeps an answer. `askedAt`: when the request was sent; an answer that arrives after its user
 * signed out (a read in flight at logout) is dropped, so logout leaves nothing of theirs behind.
 */
export async function putCachedResponse<T>(
  userId: string,
  path: string,
  body: T,
  options: { savedAt?: number; askedAt?: number } = {},
): Promise<void> {
  const { savedAt = Date.now(), askedAt } = options;
  await write(async (db) => {
    // One transaction with the sign-out mark: a logout cannot slip between the check and the put.
    const tx = db.transaction(['answers', 'signOuts'], 'readwrite');
    const signedOut = askedAt === undefined ? undefined : await tx.objectStore('signOuts').get(userId);
    if (!signedOut || signedOut.at < askedAt!)
      await tx.objectStore('answers').put({ key: responseKey(userId, path), userId, path, body, savedAt });
    await tx.done;
  });
}

// ---- outbox ----

/** Queues a message; returns its id (the queue order). */
export function addToOutbox(message: Omit<OutboxMessage, 'id'>): Promise<number> {
  return write((db) => db.add('outbox', message));
}

/** Queued messages, oldest first; of one task when `taskId` is given. */
export async function getOutbox(taskId?: string): Promise<OutboxMessage[]> {
  const db = await openOfflineDb();
  return taskId === undefined ? db.getAll('outbox') : db.getAllFromIndex('outbox', 'byTaskId', taskId);
}

export async function removeFromOutbox(id: number): Promise<void> {
  await write((db) => db.delete('outbox', id));
}

/** Marks a queued message as refused by the server (or clears the mark, `reason` undefined, to retry it). */
export async function setOutboxFailure(id: number, reason: string | undefined): Promise<void> {
  await write(async (db) => {
    const entry = await db.get('outbox', id);
    if (!entry) return;
    const { failedReason: _previous, ...rest } = entry;
    await db.put('outbox', reason === undefined ? rest : { ...rest, failedReason: reason });
  });
}

// ---- logout ----

/**
 * Logout: removes a user's cached responses and queued chat messages (the outbox entries of
 * that user, and those with no owner recorded), and marks when, so that the answer to a read
 * still in flight is not kept when it arrives. Paid tasks not yet confirmed are kept: they
 * are money already paid, sent again once the owner signs in.
 */
export async function clearUserData(userId: string | null, at = Date.now()): Promise<void> {
  await write(async (db) => {
    const tx = db.transaction(['answers', 'outbox', 'signOuts'], 'readwrite');
    const removals: Promise<unknown>[] = [];
    // Answers to reads still in flight are dropped when they arrive (putCachedResponse's askedAt).
    if (userId !== null) removals.push(tx.objectStore('signOuts').put({ userId, at }));
    for (const answer of await tx.objectStore('answers').getAll()) {
      if (userId === null || answer.userId === userId) removals.push(tx.objectStore('answers').delete(answer.key));
    }
    for (const message of await tx.objectStore('outbox').getAll()) {
      if (userId === null || message.userId === undefined || message.userId === userId)
        removals.push(tx.objectStore('outbox').delete(message.id!));
    }
    await Promise.all([...removals, tx.done]);
  });
}

// ---- pending paid tasks ----

export async function putPendingTask(request: CreateTaskRequest, savedAt = Date.now()): Promise<void> {
  await write((db) => db.put('pendingTasks', { reference: request.reference, request, savedAt }));
}

export async function getPendingTasks(): Promise<PendingTask[]> {
  const db = await openOfflineDb();
  return db.getAll('pendingTasks');
}

export async function removePendingTask(reference: string): Promise<void> {
  await write((db) => db.delete('pendingTasks', reference));
}

/** Keeps the record, marked as refused by the server with its message. */
export async function markPendingTaskRefused(
  reference: string,
  message: string | null,
  at = Date.now(),
): Promise<void> {
  await write(async (db) => {
    const tx = db.transaction('pendingTasks', 'readwrite');
    const record = await tx.store.get(reference);
    if (record) await tx.store.put({ ...record, refusal: { message, at } });
    await tx.done;
  });
}

/** Keeps the record, marked as waiting for its payment (the server answered 'still being processed'). */
export async function markPendingTaskAwaitingPayment(reference: string, at = Date.now()): Promise<void> {
  await write(async (db) => {
    const tx = db.transaction('pendingTasks', 'readwrite');
    const record = await tx.store.get(reference);
    if (record && !record.refusal) await tx.store.put({ ...record, awaitingPayment: at });
    await tx.done;
  });
}

// ---- the driver's app: queued actions and positions ----

export function addDriverAction(action: Omit<DriverAction, 'id'>): Promise<number> {
  return write((db) => db.add('driverActions', action));
}

/** Oldest first. */
export async function getDriverActions(): Promise<DriverAction[]> {
  const db = await openOfflineDb();
  return db.getAll('driverActions');
}

export async function removeDriverAction(id: number): Promise<void> {
  await write((db) => db.delete('driverActions', id));
}

export async function refuseDriverAction(id: number, refusal: string): Promise<void> {
  await write(async (db) => {
    const entry = await db.get('driverActions', id);
    if (entry) await db.put('driverActions', { ...entry, refusal });
  });
}

export function addDriverPoint(point: Omit<DriverPoint, 'id'>): Promise<number> {
  return write((db) => db.add('driverPoints', point));
}

/** The oldest `limit` points, oldest first. */
export async function getDriverPoints(limit: number): Promise<DriverPoint[]> {
  const db = await openOfflineDb();
  return db.getAll('driverPoints', undefined, limit);
}

export async function removeDriverPoints(ids: readonly number[]): Promise<void> {
  await write(async (db) => {
    const tx = db.transaction('driverPoints', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  });
}

/** The driver signs out: their queued actions, points and kept answers go. */
export async function clearDriverData(userId: string): Promise<void> {
  await write(async (db) => {
    const tx = db.transaction(['driverActions', 'driverPoints', 'answers'], 'readwrite');
    const removals: Promise<unknown>[] = [
      tx.objectStore('driverActions').clear(),
      tx.objectStore('driverPoints').clear(),
    ];
    for (const answer of await tx.objectStore('answers').getAll())
      if (answer.userId === userId) removals.push(tx.objectStore('answers').delete(answer.key));
    await Promise.all([...removals, tx.done]);
  });
}
