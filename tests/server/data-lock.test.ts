/**
 * One process per PGlite data folder, by a kernel lock: a second server (in this PID namespace
 * or another), or the ops CLI falling back to the folder, is refused with a message naming the
 * holder; a holder that dies, however, frees it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataLockLost, openDb } from '../../server/db/connection';
import { DataFolderInUse, LOCK_FILE, acquireDataLock } from '../../server/db/data-lock';
import { runCli } from '../../server/ops/cli';
import { PROCESS_TEST_TIMEOUT_MS, untilOutput } from '../support/processes';
import { preparedDataDir } from './test-database';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'greenpick-lock-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
const lockOf = (dir: string) =>
  JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; command: string; startedAt: string };

/** Starts the fixture in another process (in a new PID namespace when `namespace`), resolving to its first line. */
function otherProcess(dir: string, namespace = false): { line: Promise<string>; stop: () => Promise<void> } {
  const node = [process.execPath, '--import', 'tsx', fixture, dir];
  const child = namespace
    ? spawn('unshare', ['--pid', '--fork', '--mount-proc', ...node], { stdio: ['pipe', 'pipe', 'inherit'] })
    : spawn(node[0]!, node.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.on('exit', () => resolve(out.split('\n')[0] ?? ''));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.stdin.end();
    });
  return { line, stop };
}
const fixture = fileURLToPath(new URL('./fixtures/take-data-lock.ts', import.meta.url));
const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe('the data folder lock', () => {
  it('the first process takes it (its pid and command in greenpick.lock); a second is refused, naming the first', async () => {
    const dir = folder();
    const release = await acquireDataLock(dir, { command: 'node server/index.ts' });
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, command: 'node server/index.ts' });
    expect(statSync(join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    const refusal = await acquireDataLock(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataFolderInUse);
    expect((refusal as Error).message).toContain(`in use by process ${process.pid} on `);
    expect((refusal as Error).message).toContain('(node server/index.ts, running since ');
    expect((refusal as Error).message).toContain(dir);
    await release();
    await (await acquireDataLock(dir))();
  });

  it('deleting or rewriting greenpick.lock does not free the folder: the lock is on the folder itself', async () => {
    const dir = folder();
    const release = await acquireDataLock(dir, { command: 'holder' });
    rmSync(join(dir, LOCK_FILE));
    const afterDelete = await acquireDataLock(dir).catch((error: unknown) => error);
    expect(afterDelete).toBeInstanceOf(DataFolderInUse);
    expect((afterDelete as Error).message).toContain('in use by another process');
    writeFileSync(join(dir, LOCK_FILE), '{}');
    await expect(acquireDataLock(dir)).rejects.toThrow(DataFolderInUse);
    const other = otherProcess(dir);
    expect(await other.line).toMatch(/^refused /);
    await other.stop();
    await release();
    await (await acquireDataLock(dir))();
  });

  it('a lock file naming a pid that runs (pid 1 after a container restart) does not hold the folder: only a live holder does', async () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, command: 'node server/index.ts', startedAt: 'x' }));
    const release = await acquireDataLock(dir, { command: 'restarted' });
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, command: 'restarted' });
    await release();
  });

  it(
    'a holder killed with SIGKILL leaves the folder free at once',
    async () => {
      const dir = folder();
      const holder = spawn(process.execPath, ['--import', 'tsx', fixture, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
      await expect(acquireDataLock(dir)).rejects.toThrow(DataFolderInUse);
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
      // The flock child sees its pipe close and exits; the kernel then drops the lock.
      let release: (() => Promise<void>) | undefined;
      for (let attempt = 0; attempt < 50 && !release; attempt += 1) {
        release = await acquireDataLock(dir).catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return undefined;
        });
      }
      expect(release).toBeDefined();
      await release?.();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'another process is refused while this one holds the folder',
    async () => {
      const dir = folder();
      const release = await acquireDataLock(dir, { command: 'first' });
      const other = otherProcess(dir);
      expect(await other.line).toMatch(/^refused .*in use by process/);
      await other.stop();
      await release();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it.runIf(canUnshare)(
    'two processes in different PID namespaces: each is refused while the other holds the folder',
    async () => {
      const dir = folder();
      const release = await acquireDataLock(dir, { command: 'outside' });
      const inside = otherProcess(dir, true);
      expect(await inside.line).toMatch(/^refused .*\(outside, running since/);
      await inside.stop();
      await release();

      const holder = otherProcess(dir, true);
      // In its own namespace the holder is pid 1 or so: a pid check from here would call it gone.
      expect(await holder.line).toMatch(/^held \d+$/);
      await expect(acquireDataLock(dir)).rejects.toThrow(DataFolderInUse);
      await holder.stop();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('a second open of one PGlite folder is refused while the first is open, and allowed once it is closed', async () => {
    // A migrated folder where the global setup made one: initdb is not what this checks.
    const prepared = preparedDataDir();
    if (prepared) folders.push(dirname(prepared.dir));
    const dir = prepared?.dir ?? folder();
    const first = await openDb({ dataDir: dir });
    try {
      await expect(openDb({ dataDir: dir })).rejects.toThrow(DataFolderInUse);
      expect(lockOf(dir).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    await (await acquireDataLock(dir))();
  });

  it('the ops CLI, finding no server at HOST:PORT but a held folder, says which process holds it', async () => {
    const dir = folder();
    const release = await acquireDataLock(dir, { command: 'node server/index.ts' });
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const err: string[] = [];
    try {
      const code = await runCli(['drivers'], {
        env: { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, OPS_TOKEN: 't' },
        out: () => {},
        err: (text) => err.push(text),
      });
      expect(code).toBe(1);
    } finally {
      await release();
    }
    const message = err.at(-1) ?? '';
    expect(message).toContain(`No server answers at http://127.0.0.1:${port}`);
    expect(message).toContain(`in use by process ${process.pid} on `);
    expect(message).toContain('(node server/index.ts, running since');
    expect(message).toContain('Is the server listening on another HOST or PORT?');
  });

  it('if the lock holder dies, the database refuses every query and whoever opened it is told why', async () => {
    const prepared = preparedDataDir();
    if (prepared) folders.push(dirname(prepared.dir));
    const dir = prepared?.dir ?? folder();
    let lost!: (message: string) => void;
    const told = new Promise<string>((resolve) => (lost = resolve));
    const db = await openDb({ dataDir: dir, onLockLost: (message) => lost(message) });
    try {
      expect(await db.query('select 1 as one')).toEqual([{ one: 1 }]);
      process.kill(holderOf(process.pid), 'SIGKILL');
      expect(await told).toContain(`The lock on the data folder ${dir} was lost`);
      await expect(db.query('select 1')).rejects.toThrow(DataLockLost);
      await expect(db.transaction((tx) => tx.query('select 1'))).rejects.toThrow(DataLockLost);
    } finally {
      await db.close().catch(() => undefined);
    }
  });

  it(
    'a server whose lock holder is killed exits 1 with a line saying why; a second server then starts cleanly on the folder',
    async () => {
      const prepared = preparedDataDir();
      if (prepared) folders.push(dirname(prepared.dir));
      const dir = prepared?.dir ?? folder();
      const start = () => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? '',
            DATA_DIR: dir,
            PORT: '0',
            JWT_SECRET: 'lock-lost-test-secret-1234567890',
          },
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        return { child, exited, output: () => output };
      };
      const first = start();
      try {
        const [, url] = (await untilOutput(first.child, /listening on (http:\/\/\S+)/)) as unknown as [string, string];
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        process.kill(holderOf(first.child.pid!), 'SIGKILL');
        expect(await first.exited).toBe(1);
        expect(first.output()).toContain(`The lock on the data folder ${dir} was lost`);
      } finally {
        first.child.kill('SIGKILL');
      }
      const second = start();
      try {
        const [, url] = (await untilOutput(second.child, /listening on (http:\/\/\S+)/)) as unknown as [string, string];
        expect((await fetch(`${url}/readyz`)).status).toBe(200);
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      } finally {
        second.child.kill('SIGKILL');
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The pid of the `flock` child holding a process's data folder (it ends as `cat`, waiting on its stdin). */
function holderOf(parent: number): number {
  const listed = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(parent)], { encoding: 'utf8' }).stdout;
  const holder = listed
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find(([, command]) => command === 'cat');
  if (!holder) throw new Error(`no lock holder among the children of ${parent}:\n${listed}`);
  return Number(holder[0]);
}
