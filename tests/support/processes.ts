/**
 * Tests that start a real process (the server, the compiled server, a lock holder) wait for
 * the process's own line, never for a clock: how long a start takes depends on the machine
 * and on what runs beside it (lint, type-check, the build and Playwright share two cores in
 * `npm test`). Their time-out is only a guard against a process that hangs. A server started
 * on PGlite begins from a migrated data folder (tests/server/test-database.ts, preparedDataDir).
 */
import type { ChildProcess } from 'node:child_process';

/** A hang guard for a test that starts a process: generous on purpose, never a speed check. */
export const PROCESS_TEST_TIMEOUT_MS = 300_000;

/**
 * Resolves with the first match of `pattern` in the child's stdout; rejects if the child
 * exits first (with what it printed, so the failure says why).
 */
export function untilOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = pattern.exec(stdout);
      if (found) resolve(found);
    });
    child.once('exit', (code) =>
      reject(new Error(`the process exited (${code}) before printing ${pattern}:\n${stdout}\n${stderr}`)),
    );
  });
}
