/**
 * A throw-away PostgreSQL cluster for the bench: initdb in a temporary folder, started on a
 * free 127.0.0.1 port (its socket in the same folder), trust authentication, removed when
 * stopped. Run as the `postgres` user when the bench runs as root (PostgreSQL refuses root).
 * PG_BIN points at another installation's bin folder; without one, there is no cluster.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  databaseUrl: string;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** The user PostgreSQL runs as: this one, or `postgres` when this is root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root, and there is no postgres user to run PostgreSQL as');
  return { uid, gid };
}

function run(command: string, args: string[], user: { uid: number; gid: number } | null): void {
  const result = spawnSync(join(PG_BIN, command), args, { encoding: 'utf8', ...(user ?? {}), cwd: tmpdir() });
  if (result.status !== 0) throw new Error(`${command} failed (exit ${result.status}): ${result.stderr || result.stdout}`);
}

/** Why there is no cluster (PostgreSQL is not installed here), or null when one can start. */
export function postgresUnavailable(): string | null {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl')) ? null : `PostgreSQL is not installed (no initdb in ${PG_BIN})`;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const user = runAs();
  const root = mkdtempSync(join(tmpdir(), 'greenpick-bench-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const data = join(root, 'data');
  const port = await freePort();
  let started = false;
  // The cluster runs on its own (pg_ctl starts it in the background): stopped however the bench ends.
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.kill(process.pid, signal);
  };
  const stop = () => {
    process.off('exit', stop);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (started) spawnSync(join(PG_BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w'], { ...(user ?? {}), cwd: tmpdir(), stdio: 'ignore' });
    started = false;
    rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', stop);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], user);
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`;
    started = true;
    run('pg_ctl', ['start', '-D', data, '-w', '-l', join(root, 'postgres.log'), '-o', options], user);
  } catch (error) {
    stop();
    throw error;
  }
  return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
