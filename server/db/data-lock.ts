/**
 * The PGlite data folder belongs to one process at a time: two processes on one folder would
 * each keep their own copy of the database in memory and silently lose each other's writes.
 * The owner writes `greenpick.lock` (its pid, command and start time) into the folder; a
 * second server, or the ops CLI opening the folder directly, is refused with a message naming
 * the owner. A lock left by a process that no longer runs (kill -9, power cut) is taken over.
 */
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'greenpick.lock';

interface LockOwner {
  pid: number;
  command: string;
  startedAt: string;
}

export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by process ${owner.pid} (${owner.command}, running since ${owner.startedAt}). ` +
        `Only one process may open it: stop that one first, or reach it through its address (HOST and PORT). ` +
        `If no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
    );
  }
}

/** Whether a process with this pid runs (EPERM: it runs under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return undefined;
    return {
      pid: owner.pid,
      command: String(owner.command ?? 'unknown command'),
      startedAt: String(owner.startedAt ?? 'an unknown time'),
    };
  } catch {
    return undefined;
  }
}

export interface LockOptions {
  pid?: number;
  command?: string;
  isAlive?: (pid: number) => boolean;
}

/**
 * Takes the folder's lock or throws DataFolderInUse; answers the function that gives it
 * back. The lock file appears at once with its content (written aside, then hard-linked into
 * place, which fails when the file exists), so of two processes starting at once one wins
 * and the other reads a complete owner.
 */
export function acquireDataLock(dataDir: string, options: LockOptions = {}): () => void {
  const file = join(dataDir, LOCK_FILE);
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? isProcessAlive;
  const owner: LockOwner = { pid, command: options.command ?? describeCommand(), startedAt: new Date().toISOString() };
  const draft = `${file}.${pid}.draft`;
  writeFileSync(draft, JSON.stringify(owner), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, file);
        return () => {
          if (readOwner(file)?.pid === pid) rmSync(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readOwner(file);
      // A holder that runs keeps the folder (this process included: a second open in one process is refused too).
      if (holder && isAlive(holder.pid)) throw new DataFolderInUse(dataDir, holder);
      // Stale (its process is gone) or unreadable: take it over, unless it changed meanwhile.
      if (readOwner(file)?.pid === holder?.pid) rmSync(file, { force: true });
    }
    throw new Error(`Could not take the lock ${file}: other processes keep taking it`);
  } finally {
    rmSync(draft, { force: true });
  }
}

function describeCommand(): string {
  const script = process.argv
    .slice(1)
    .map((part) => part.replace(/^.*[\\/](server|node_modules)[\\/]/, '$1/'))
    .join(' ');
  return `node ${script}`.trim().slice(0, 200);
}
