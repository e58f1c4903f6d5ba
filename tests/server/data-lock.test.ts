/**
 * One process per PGlite data folder: a second server, or the ops CLI falling back to the
 * folder while the server listens elsewhere, is refused with a message naming the holder;
 * the lock of a process that died is taken over.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/connection';
import { DataFolderInUse, LOCK_FILE, acquireDataLock } from '../../server/db/data-lock';
import { runCli } from '../../server/ops/cli';

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

describe('the data folder lock', () => {
  it('the first process takes it (its pid and command in greenpick.lock); a second is refused, naming the first', () => {
    const dir = folder();
    const release = acquireDataLock(dir, { pid: process.pid, command: 'node server/index.ts' });
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, command: 'node server/index.ts' });
    let refusal: unknown;
    try {
      acquireDataLock(dir, { pid: process.pid + 1, isAlive: () => true });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataFolderInUse);
    expect((refusal as Error).message).toContain(
      `in use by process ${process.pid} (node server/index.ts, running since `,
    );
    expect((refusal as Error).message).toContain(dir);
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireDataLock(dir, { pid: 4242 })();
  });

  it('a lock left by a process that no longer runs is taken over', () => {
    const dir = folder();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 999_999, command: 'node server/index.ts', startedAt: '2030-01-01T00:00:00.000Z' }),
    );
    const release = acquireDataLock(dir, { pid: 1234, isAlive: (pid) => pid !== 999_999 });
    expect(lockOf(dir).pid).toBe(1234);
    release();
  });

  it('an unreadable lock file (a crash while it was written) is taken over', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), '{"pid":');
    const release = acquireDataLock(dir, { pid: 1234, isAlive: () => true });
    expect(lockOf(dir).pid).toBe(1234);
    release();
  });

  it('releasing leaves a lock taken over by another process alone', () => {
    const dir = folder();
    const release = acquireDataLock(dir, { pid: 1111 });
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 2222, command: 'other', startedAt: 'now' }));
    release();
    expect(lockOf(dir).pid).toBe(2222);
  });

  it('a second open of one PGlite folder is refused while the first is open, and allowed once it is closed', async () => {
    const dir = folder();
    const first = await openDb({ dataDir: dir });
    try {
      await expect(openDb({ dataDir: dir })).rejects.toThrow(DataFolderInUse);
      expect(lockOf(dir).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  }, 180_000);

  it('the ops CLI, finding no server at HOST:PORT but a held folder, says which process holds it', async () => {
    const dir = folder();
    const release = acquireDataLock(dir, { pid: process.pid, command: 'node server/index.ts' });
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
      release();
    }
    const message = err.at(-1) ?? '';
    expect(message).toContain(`No server answers at http://127.0.0.1:${port}`);
    expect(message).toContain(`in use by process ${process.pid} (node server/index.ts`);
    expect(message).toContain('Is the server listening on another HOST or PORT?');
  });
});
