/**
 * Production runs the compiled server with plain node (no tsx): it starts, serves, and on
 * SIGTERM drains and exits 0 as one process, so a supervisor's stop leaves nothing behind.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server';
import { PROCESS_TEST_TIMEOUT_MS, untilOutput } from '../support/processes';

// Inside the repository (git-ignored `.dist-*`), so the bundle's package imports resolve as in production.
const out = resolve(import.meta.dirname, '../..', `.dist-server-test-${process.pid}`);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the compiled server', () => {
  it(
    '`node dist-server/index.js` serves, then exits 0 on SIGTERM with its port free',
    async () => {
      await buildServer(out);
      const child = spawn(process.execPath, [join(out, 'index.js')], {
        env: { ...process.env, PORT: '0', DATA_DIR: 'memory://', NODE_ENV: 'development', DEMO: '0', SIMULATOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const url = (await untilOutput(child, /listening on (http:\/\/\S+)/))[1]!;
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      const migrated = await fetch(`${url}/admin/pricing`);
      expect(migrated.status).toBeLessThan(500);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
