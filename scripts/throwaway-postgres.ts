/**
 * A throw-away PostgreSQL cluster for tests and the bench: initdb in a temporary folder, a free
 * loopback port, no durability, removed however the process ends. Needs Debian's server
 * binaries (or PG_BIN); as root it runs as the `postgres` user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  stop(): void;
}

export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN) return existsSync(join(env.PG_BIN, 'initdb')) ? env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startThrowawayPostgres(options: { maxConnections?: number } = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin)
    throw new Error(
      'PostgreSQL server binaries not found: install them (sudo apt-get install -y postgresql) or set PG_BIN.',
    );
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'greenpick-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${tool} failed (exit ${result.status}): ${result.stderr || result.stdout}`);
  };
  const dataDir = join(folder, 'data');
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const settings = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    `-c max_connections=${options.maxConnections ?? 300}`,
  ].join(' ');
  try {
    run('pg_ctl', ['-D', dataDir, '-l', join(folder, 'server.log'), '-w', '-t', '60', '-o', settings, 'start']);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  // pg_ctl runs the cluster in the background: it is stopped however this process ends.
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.kill(process.pid, signal);
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
