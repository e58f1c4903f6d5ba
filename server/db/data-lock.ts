/**
 * The PGlite data folder belongs to one process at a time, since two would lose each other's
 * writes. The lock is the kernel's (flock on the folder itself, held by a child tied to this
 * process), so it holds across containers, dies with its holder, and no deletion or rewrite of
 * `greenpick.lock` (which only says who holds it) can free it (docs/security.md, 'The PGlite
 * data folder'). Should the child die first, the lock is gone: `onLost` is told, and the
 * server stops writing and exits (server/db/connection.ts).
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const LOCK_FILE = 'greenpick.lock';

/** Who holds the folder: written into the lock file by the holder, read by the one refused. */
interface LockOwner {
  pid: number;
  host: string;
  command: string;
  startedAt: string;
}

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | undefined,
  ) {
    const who = owner
      ? `process ${owner.pid} on ${owner.host} (${owner.command}, running since ${owner.startedAt})`
      : 'another process';
    super(
      `The data folder ${dataDir} is in use by ${who}. ` +
        'Only one process may open it: stop that one first, or reach it through its address (HOST and PORT).',
    );
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number') return undefined;
    return {
      pid: owner.pid,
      host: String(owner.host ?? 'an unknown host'),
      command: String(owner.command ?? 'unknown command'),
      startedAt: String(owner.startedAt ?? 'an unknown time'),
    };
  } catch {
    return undefined;
  }
}

/** `flock`'s exit code when the lock is held elsewhere. */
const HELD = 75;

export interface LockOptions {
  /** The util-linux `flock` binary (default: from PATH). */
  flock?: string;
  command?: string;
  /**
   * Called once if the holder child dies while the lock is ours (killed, out of memory): the
   * kernel has freed the folder, so a second process may open it and this one must stop.
   */
  onLost?: (message: string) => void;
}

/**
 * Takes the folder's lock or rejects with DataFolderInUse; resolves to the function that gives
 * it back. The `flock` child opens the folder itself (not a file in it: a file can be deleted
 * and recreated, and a second server would then lock the new one), takes the lock without
 * waiting, says 'locked', then waits on its stdin: when this process ends, however it ends,
 * the pipe closes, the child exits and the kernel drops the lock.
 */
export async function acquireDataLock(dataDir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE);
  const child = spawn(
    options.flock ?? 'flock',
    [
      '--nonblock',
      '--conflict-exit-code',
      String(HELD),
      '--no-fork',
      dataDir,
      'sh',
      '-c',
      'echo locked; exec cat >/dev/null',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const outcome = await new Promise<'locked' | { code: number | null; error?: Error; stderr: string }>((resolve) => {
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve('locked');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => resolve({ code: null, error, stderr }));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
  if (outcome !== 'locked') {
    if (outcome.code === HELD) throw new DataFolderInUse(dataDir, readOwner(file));
    const reason = outcome.error?.message ?? (outcome.stderr.trim() || `exit code ${outcome.code}`);
    throw new Error(`Could not lock the data folder ${dataDir} with util-linux flock: ${reason}`);
  }
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    command: options.command ?? describeCommand(),
    startedAt: new Date().toISOString(),
  };
  try {
    writeFileSync(file, JSON.stringify(owner));
    chmodSync(file, 0o600);
  } catch {
    // The note only names the holder for a refusal's message; the lock is on the folder and held.
  }
  // The child must not keep this process alive, nor its pipes the event loop.
  detach(child);
  let releasing = false;
  child.once('exit', (code, signal) => {
    if (releasing) return;
    options.onLost?.(
      `The lock on the data folder ${dataDir} was lost: its holder (flock, pid ${child.pid}) ended with ${signal ?? `exit code ${code}`}. ` +
        'Another process may open the folder now: this one stops taking writes and exits.',
    );
  });
  return () => {
    releasing = true;
    return release(child);
  };
}

function detach(child: ChildProcessByStdio<Writable, Readable, Readable>): void {
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr])
    (stream as unknown as { unref?: () => void }).unref?.();
}

function release(child: ChildProcessByStdio<Writable, Readable, Readable>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    // Held again while it ends: a script whose last work is this close would otherwise exit
    // before the close resolves (the child was unref'd so that holding the lock keeps no one up).
    child.ref();
    child.stdin.end();
  });
}

function describeCommand(): string {
  const script = process.argv
    .slice(1)
    .map((part) => part.replace(/^.*[\\/](server|node_modules)[\\/]/, '$1/'))
    .join(' ');
  return `node ${script}`.trim().slice(0, 200);
}
