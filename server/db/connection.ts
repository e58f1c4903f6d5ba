/**
 * The database connection: PGlite (embedded PostgreSQL) by default, node-postgres when
 * DATABASE_URL is set. Both speak the same portable SQL through this small interface, and
 * both hand rows back in the same JS types (ROW_PARSERS). All SQL lives in server/db
 * (tests/scripts/sql-placement.test.ts). A PGlite data folder is locked to the process that
 * opens it (data-lock.ts).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { PGlite as PGliteDatabase } from '@electric-sql/pglite';
import { acquireDataLock } from './data-lock';
import { type Logger, stderrLogger } from '../log';

/** PostgreSQL's type ids of the two kinds both drivers would otherwise hand back differently. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * bigint (kobo, counts, bigserial ids) as a JS number: node-postgres gives a string, PGlite a
 * number. Kobo are integers and every one we store is far below 2^53 (90 trillion naira), so a
 * number holds it exactly; one that is not a safe integer fails loudly instead of rounding.
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`bigint ${text} is beyond a safe JS integer`);
  return value;
}

/**
 * numeric (quantities, kg, the sums of bigint kobo that PostgreSQL types as numeric) as a JS
 * number: both drivers give a string. A whole value (a sum of kobo) must be a safe integer, as
 * above; a fraction (2.5 bags, 12.25 kg) is the nearest double, which prints back the same.
 */
export function parseNumeric(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value)))
    throw new Error(`numeric ${text} does not fit a JS number exactly`);
  return value;
}

/** The parsers both backends use, so a row is typed once (its `*Row` type) and converted by no caller. */
const ROW_PARSERS = { [INT8_OID]: parseInt8, [NUMERIC_OID]: parseNumeric } as const;

export interface QueryOptions {
  /**
   * Names the statement so that node-postgres has PostgreSQL parse and plan it once per
   * connection and then only binds the parameters: for the hottest queries (the chat poll).
   * The name must always go with the same SQL text. PGlite runs the query as usual.
   */
  prepared?: string;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
}

/** What a LISTEN connection reports (`Db.listen`). */
export interface ListenHandlers {
  /** A notification on the channel. */
  notify(payload: string): void;
  /** Listening (again): notifications from now on arrive. */
  up(): void;
  /** The connection was lost: notifications may be missed until the next `up`. */
  down(reason: string): void;
}

export interface Db extends Queryable {
  /**
   * Listens on a channel (PostgreSQL LISTEN on a connection of its own, reconnected when lost;
   * PGlite's own in-process listen). Resolves once the first attempt is over, listening or not;
   * the function it gives stops listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/**
 * Runs `work` in a savepoint of the transaction `tx`: when it throws, only its own writes are
 * rolled back and the error goes on; the transaction stays usable. The savepoint's name is
 * ours (a random identifier: a name cannot be a parameter), never a caller's value.
 */
export async function inSavepoint<T>(tx: Queryable, work: () => Promise<T>): Promise<T> {
  const name = `sp_${randomUUID().replaceAll('-', '')}`;
  await tx.query(`savepoint ${name}`);
  try {
    const result = await work();
    await tx.query(`release savepoint ${name}`);
    return result;
  } catch (error) {
    await tx.query(`rollback to savepoint ${name}`);
    throw error;
  }
}

export interface DbOptions {
  databaseUrl?: string;
  dataDir: string;
  /** node-postgres only: connections in the pool (default 10). */
  poolMax?: number;
  /** node-postgres only: statements running longer are cancelled (0: never; default 10 s). */
  statementTimeoutMs?: number;
  /** node-postgres only: how long a request waits for a connection (default 5 s). */
  connectTimeoutMs?: number;
  /** Where a lost connection is told (default: standard error). */
  log?: Logger;
  /**
   * PGlite only, for a database not made yet: start from this data folder (a PGlite
   * `dumpDataDir()` tarball) instead of an empty one. The server tests use it to skip initdb.
   */
  pgliteData?: Blob;
  /**
   * PGlite only: what happens when the data folder's lock is lost (its holder died). Default:
   * one fatal log line and exit code 1, since a second server may now open the folder.
   */
  onLockLost?: (message: string) => void;
}

/** The lock's holder died: the line, then exit 1 at once (no flush: the folder may be another's now). */
function exitOnLockLost(log: Logger | undefined): (message: string) => void {
  return (message) => {
    if (log) log.child({ module: 'db' }).fatal(message);
    else console.error(`[db] ${message}`);
    process.exit(1);
  };
}

/**
 * The data folder holds e-mails, password hashes and the token key: only this user may enter
 * it (0700, which alone keeps others out of everything inside). PGlite sets its files' modes
 * itself (666), so what it wrote is tightened after it opens and again when it closes.
 */
export function makePrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (path: string, isDir: boolean) => {
    chmodSync(path, isDir ? 0o700 : 0o600);
    if (!isDir) return;
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory() || entry.isFile()) walk(join(path, entry.name), entry.isDirectory());
    }
  };
  walk(dataDir, true);
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options)
    : openPglite(options.dataDir, options.pgliteData, options.onLockLost ?? exitOnLockLost(options.log));
}

/**
 * PostgreSQL settings PGlite starts with, beside its own. Its shared memory lives in the WASM
 * heap, touched at start and never given back, so it is sized for one embedded session
 * (docs/performance.md, 'The server's memory'); a real load runs on PostgreSQL, whose own
 * settings apply. Shared buffers: PostgreSQL's default 128 MB, then 16 MB, now 4 MB (512
 * pages; a page not among them is read from the system's page cache, at no measured cost).
 * Connections: PGlite runs one backend, but the lock table, the process slots and the WAL
 * senders' and replication slots' memory are sized by these, for 100 and 10 by default.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '4MB',
  max_connections: '4',
  max_wal_senders: '0',
  max_replication_slots: '0',
} as const;
const pgliteStartParams = (defaults: readonly string[]) => [
  ...defaults,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * Makes a new PGlite data folder (initdb) in a child process of its own. Made in this process
 * (or in a worker thread), initdb's second PGlite instance would leave its memory behind: its
 * WASM heap, the folder's tarball and what its threads allocated stay in this process's
 * allocator (about 150 MB more for good after a first start, and a peak near 800 MB); a
 * process gives everything back when it ends (docs/performance.md, 'The server's memory').
 */
async function initDataFolder(dataDir: string, defaults: readonly string[]): Promise<void> {
  // What it needs comes as arguments (`node -e code -- a b c` sees them as process.argv[1..]).
  const child = spawn(
    process.execPath,
    [
      '--input-type=commonjs',
      '-e',
      `const [, pglite, dataDir, startParams] = process.argv;
      require(pglite).PGlite.create(dataDir, { startParams: JSON.parse(startParams) })
        .then((db) => db.close())
        .catch((error) => { console.error(error); process.exitCode = 1; });`,
      '--',
      createRequire(import.meta.url).resolve('@electric-sql/pglite'),
      dataDir,
      JSON.stringify(pgliteStartParams(defaults)),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`initdb process exited with ${signal ?? `code ${code}`}`)),
    );
  });
}

/**
 * PGlite's WASM (9 MB) is compiled by V8's baseline compiler only (Liftoff): the optimising
 * tier (TurboFan) recompiled its hot functions in the background and its work memory stayed
 * in the allocator, about 50 MB for good, with no measurable gain in the API's throughput on
 * PGlite (docs/performance.md, 'The server's memory'). Set before PGlite compiles its module;
 * nothing else in the server runs WASM.
 */
function compileWasmWithBaselineOnly(): void {
  setFlagsFromString('--liftoff-only');
}

/** Refused once the data folder's lock is lost: nothing more is written to a folder that may be another's. */
export class DataLockLost extends Error {
  override readonly name = 'DataLockLost';
}

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  onLockLost: (message: string) => void,
): Promise<Db> {
  compileWasmWithBaselineOnly();
  const { PGlite } = await import('@electric-sql/pglite');
  let release = async () => {};
  let lost: string | undefined;
  const usable = () => {
    if (lost) throw new DataLockLost(lost);
  };
  if (!dataDir.startsWith('memory://')) {
    makePrivate(dataDir);
    release = await acquireDataLock(dataDir, {
      onLost: (message) => {
        lost = message;
        onLockLost(message);
      },
    });
  }
  let pglite: PGliteDatabase;
  try {
    if (!dataDir.startsWith('memory://') && !loadDataDir && !existsSync(join(dataDir, 'PG_VERSION')))
      await initDataFolder(dataDir, PGlite.defaultStartParams);
    pglite = await PGlite.create(dataDir, {
      // Shared memory sized for one embedded session (PGLITE_SETTINGS).
      startParams: pgliteStartParams(PGlite.defaultStartParams),
      parsers: ROW_PARSERS,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    if (!dataDir.startsWith('memory://')) makePrivate(dataDir);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      usable();
      return (await pglite.query<T>(sql, params)).rows;
    },
    async listen(channel: string, handlers: ListenHandlers) {
      // One process, one session: PGlite hands this session's own notifications to the callback after each commit.
      const stop = await pglite.listen(channel, handlers.notify);
      handlers.up();
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    async exec(sql: string) {
      usable();
      await pglite.exec(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      usable();
      return pglite.transaction((tx) =>
        work({
          query: async <R>(sql: string, params: unknown[] = []) => {
            usable();
            return (await tx.query<R>(sql, params)).rows;
          },
        }),
      );
    },
    async close() {
      try {
        await pglite.close();
        if (!dataDir.startsWith('memory://')) makePrivate(dataDir);
      } finally {
        await release();
      }
    },
  };
}

async function openPostgres(options: DbOptions): Promise<Db> {
  const { default: pg } = await import('pg');
  const log = (options.log ?? stderrLogger()).child({ module: 'db' });
  const statementTimeout = options.statementTimeoutMs ?? 10_000;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    // Per pool, not pg.types.setTypeParser: the same rows as PGlite without changing pg for anyone else.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? ROW_PARSERS[oid]
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    max: options.poolMax ?? 10,
    // A frozen server must not hang requests: waiting for a connection, and for any answer, is bounded.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    query_timeout: (statementTimeout > 0 ? statementTimeout : 30_000) + 5_000,
    ...(statementTimeout > 0 ? { statement_timeout: statementTimeout } : {}),
  });
  // An idle connection can fail (the server restarts, a network blip): without a listener
  // that error would end the process. The pool drops the client and opens a new one later.
  pool.on('error', (error) => log.error({ err: error }, 'idle connection failed'));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    listen: (channel, handlers) => listenPostgres(pg, options, channel, handlers, log),
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
      const result = options.prepared
        ? await pool.query({ name: options.prepared, text: sql, values: params })
        : await pool.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      let broken: Error | undefined;
      // A checked-out client has no pool listener: a connection lost mid-transaction would
      // otherwise be an uncaught 'error' event, ending the process.
      const onError = (error: Error) => {
        broken = error;
        log.error({ err: error }, 'connection failed during a transaction');
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await work({
          query: async <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
            (options.prepared
              ? await client.query({ name: options.prepared, text: sql, values: params })
              : await client.query(sql, params)
            ).rows as R[],
        });
        await client.query('commit');
        return result;
      } catch (error) {
        // A transaction that failed but rolled back leaves a healthy connection (a unique
        // violation, a refused rate limit). One whose connection failed, or that cannot even
        // roll back, is broken or still inside the transaction: released with the error, the
        // pool closes it instead of handing it to the next request.
        if (!broken) {
          try {
            await client.query('rollback');
          } catch (rollbackError) {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          }
        }
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

const LISTEN_CHECK_MS = 5_000;
const LISTEN_RETRY_MS = [250, 1_000, 5_000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others). A lost connection
 * is reported (`down`) and opened again; a connection that stops answering (a dead network
 * sends no error) is found by a `select 1` every LISTEN_CHECK_MS, bounded by a time-out.
 */
async function listenPostgres(
  pg: typeof import('pg').default,
  options: DbOptions,
  channel: string,
  handlers: ListenHandlers,
  log: Logger,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let client: import('pg').Client | undefined;
  let check: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  const lost = (current: import('pg').Client, reason: string) => {
    if (client !== current) return;
    client = undefined;
    clearInterval(check);
    current.end().catch(() => {});
    handlers.down(reason);
    if (stopped) return;
    log.warn({ reason }, "the cache's LISTEN connection was lost: polls read the database until it is back");
    retry = setTimeout(connect, LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)]);
    failures += 1;
  };
  const connect = async () => {
    if (stopped) return;
    const current = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      // Named, so an operator sees it in pg_stat_activity (and a test can cut it).
      application_name: 'greenpick-listen',
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      query_timeout: LISTEN_CHECK_MS,
    });
    client = current;
    current.on('error', (error) => lost(current, error.message));
    current.on('end', () => lost(current, 'connection ended'));
    current.on('notification', (message) => {
      if (message.channel === channel && client === current) handlers.notify(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`listen ${channel}`);
    } catch (error) {
      lost(current, error instanceof Error ? error.message : String(error));
      return;
    }
    if (client !== current) return;
    failures = 0;
    handlers.up();
    check = setInterval(() => {
      current.query('select 1').catch((error: Error) => lost(current, error.message));
    }, LISTEN_CHECK_MS);
    check.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(check);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
