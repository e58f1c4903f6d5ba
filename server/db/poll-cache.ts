/**
 * What the polls read from memory instead of the database. Every open chat asks every 2 s and
 * every followed driver every 30 s, and nearly all those asks find nothing new; each instance
 * keeps, in memory:
 *
 * - `sessions`: user id -> `users.session_version` (every authenticated request's check);
 * - `threads`: task id -> its owner and its newest message's `created_at` in microseconds (an
 *   empty `getMessages` is answered from it);
 * - `locations`: driver id -> the driver's location (`GET /driver/location/:id`);
 * - `trackers`: driver id + user id -> the user may follow the driver (its who-may-read check).
 *
 * Only what exists is kept (no 'not found', no 'may not'), so creating a row changes nothing
 * kept. Every write that changes something kept publishes its key in its own transaction
 * (`publishInvalidation`: `pg_notify`, delivered only on commit) on the channel CHANNEL:
 * `s:<user>` (session version), `c:<task>` (a message), `l:<driver>` (a location), `r` (a
 * task's driver or status: every tracker entry goes) and `*` (everything). Each instance
 * LISTENs (PGlite: in-process) and drops those keys; the writing instance also drops them
 * itself right after the commit (`withCacheInvalidation`), so its own next read sees the write
 * at once and the others within the notification's delivery (milliseconds).
 *
 * A read that started before an invalidation of its key must not keep what it read: each read
 * in flight has a ticket, which an invalidation of its key marks stale (a per-key generation,
 * kept only while a read of that key is in flight). While the LISTEN connection is down
 * (PostgreSQL) notifications can be missed: everything kept is dropped and every read goes to
 * the database until listening again.
 */
import type { Db, Queryable } from './connection';
import { setBounded } from '../bounded-map';

export const CHANNEL = 'greenpick_cache';
const MAX_ENTRIES = 100_000;

/** One statement, recognised by its text (`withCacheInvalidation`). Keys are short ids; NOTIFY takes 8000 bytes. */
const PUBLISH_SQL = 'select pg_notify($1, key) from unnest($2::text[]) key';

export const sessionKey = (userId: string) => `s:${userId}`;
export const threadKey = (taskId: string) => `c:${taskId}`;
export const locationKey = (driverId: string) => `l:${driverId}`;
/** A task's driver or status changed: who may follow which driver may have changed. */
export const TRACKERS_KEY = 'r';
export const EVERYTHING_KEY = '*';

/** Publishes keys whose kept values are no longer true; in the writing transaction, so only a commit publishes. */
export async function publishInvalidation(db: Queryable, keys: string[]): Promise<void> {
  await db.query(PUBLISH_SQL, [CHANNEL, keys]);
}

interface Ticket {
  stale: boolean;
  value: Promise<unknown>;
}

/** A map of kept values filled on a miss, with the in-flight reads' tickets. */
class Kept<T> {
  private readonly values = new Map<string, T>();
  private readonly reads = new Map<string, Ticket>();

  constructor(
    private readonly prefix: string,
    private readonly isListening: () => boolean,
  ) {}

  /** The kept value, or `load`'s; `keep` says whether a loaded value may be kept (only what exists). */
  get(id: string, load: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    if (!this.isListening()) return load();
    if (this.values.has(id)) return Promise.resolve(this.values.get(id) as T);
    // Reads of one key share one query, until an invalidation (then the next read starts its own).
    const inFlight = this.reads.get(id);
    if (inFlight) return inFlight.value as Promise<T>;
    const ticket: Ticket = { stale: false, value: load() };
    this.reads.set(id, ticket);
    const done = () => {
      if (this.reads.get(id) === ticket) this.reads.delete(id);
    };
    (ticket.value as Promise<T>).then((value) => {
      done();
      if (ticket.stale || !this.isListening() || !keep(value)) return;
      setBounded(this.values, id, value, MAX_ENTRIES);
    }, done);
    return ticket.value as Promise<T>;
  }

  drop(id: string): void {
    this.values.delete(id);
    const ticket = this.reads.get(id);
    if (ticket) {
      ticket.stale = true;
      this.reads.delete(id);
    }
  }

  clear(): void {
    this.values.clear();
    for (const ticket of this.reads.values()) ticket.stale = true;
    this.reads.clear();
  }

  /** Applies a published key of this map's prefix (`s:...`), or a whole-map key (`r`). */
  apply(key: string): boolean {
    if (key === this.prefix) this.clear();
    else if (key.startsWith(`${this.prefix}:`)) this.drop(key.slice(this.prefix.length + 1));
    else return false;
    return true;
  }
}

export interface ThreadMark {
  owner: string;
  /** The newest message's `created_at` in microseconds since 1970; null without messages. */
  newestMicros: bigint | null;
}

export interface KeptLocation {
  driverId: string;
  location: { type: 'Point'; coordinates: [number, number] };
  updatedAt: string;
}

export class PollCache {
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly sessions = new Kept<number | undefined>('s', () => this.listening);
  private readonly threads = new Kept<ThreadMark | undefined>('c', () => this.listening);
  private readonly locations = new Kept<KeptLocation | undefined>('l', () => this.listening);
  private readonly trackers = new Kept<boolean>(TRACKERS_KEY, () => this.listening);
  private readonly all = [this.sessions, this.threads, this.locations, this.trackers];

  /** Starts listening; until it listens (and whenever it does not), every read goes to the database. */
  async start(db: Pick<Db, 'listen'>): Promise<void> {
    this.stopListening = await db.listen(CHANNEL, {
      notify: (key) => this.invalidate([key]),
      up: () => {
        this.clear();
        this.listening = true;
      },
      down: () => {
        this.listening = false;
        this.clear();
      },
    });
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.stopListening?.();
  }

  /** Whether kept values are used (listening). */
  get active(): boolean {
    return this.listening;
  }

  invalidate(keys: readonly string[]): void {
    for (const key of keys) {
      if (key === EVERYTHING_KEY) this.clear();
      else for (const kept of this.all) if (kept.apply(key)) break;
    }
  }

  private clear(): void {
    for (const kept of this.all) kept.clear();
  }

  sessionVersion(userId: string, load: () => Promise<number | undefined>): Promise<number | undefined> {
    return this.sessions.get(userId, load, (version) => version !== undefined);
  }

  threadMark(taskId: string, load: () => Promise<ThreadMark | undefined>): Promise<ThreadMark | undefined> {
    return this.threads.get(taskId, load, (mark) => mark !== undefined);
  }

  driverLocation(driverId: string, load: () => Promise<KeptLocation | undefined>): Promise<KeptLocation | undefined> {
    return this.locations.get(driverId, load, (location) => location !== undefined);
  }

  mayTrack(driverId: string, userId: string, load: () => Promise<boolean>): Promise<boolean> {
    return this.trackers.get(`${driverId}:${userId}`, load, (allowed) => allowed);
  }
}

/**
 * The server's Db: after each statement or transaction that published keys, this instance
 * drops them at once rather than when its own notification comes back. A transaction's keys
 * are dropped whether it committed or not (dropping too much costs one read). Closing stops
 * the listening first.
 */
export function withCacheInvalidation(db: Db, cache: PollCache): Db {
  const keysOf = (sql: string, params: unknown[] | undefined): string[] =>
    sql === PUBLISH_SQL && Array.isArray(params?.[1]) ? (params[1] as string[]) : [];
  return {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    listen: (channel, handlers) => db.listen(channel, handlers),
    async close() {
      await cache.stop();
      await db.close();
    },
    async query(sql, params, options) {
      const keys = keysOf(sql, params);
      try {
        return await db.query(sql, params, options);
      } finally {
        cache.invalidate(keys);
      }
    },
    async transaction(work) {
      const keys: string[] = [];
      try {
        return await db.transaction((tx: Queryable) =>
          work({
            query(sql, params, options) {
              keys.push(...keysOf(sql, params));
              return tx.query(sql, params, options);
            },
          }),
        );
      } finally {
        cache.invalidate(keys);
      }
    },
  };
}
