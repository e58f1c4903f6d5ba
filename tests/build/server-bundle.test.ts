/**
 * Production runs the compiled server with plain node (no tsx) and Node's flags for it: it
 * starts, serves, and on SIGTERM drains and exits 0 as one process, so a supervisor's stop
 * leaves nothing behind. The flags are the same wherever the server is started for real.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, buildServer } from '../../scripts/build-server';
import { PROCESS_TEST_TIMEOUT_MS, untilOutput } from '../support/processes';

// Inside the repository (git-ignored `.dist-*`), so the bundle's package imports resolve as in production.
const root = resolve(import.meta.dirname, '../..');
const out = join(root, `.dist-server-test-${process.pid}`);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the compiled server', () => {
  it(
    '`node <flags> dist-server/index.js` serves, then exits 0 on SIGTERM with its port free',
    async () => {
      await buildServer(out);
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(out, 'index.js')], {
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

  it('is started with the same flags by `npm run serve` and in docs/operations.md', () => {
    const command = `node ${SERVER_NODE_FLAGS.join(' ')} dist-server/index.js`;
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.serve).toBe(command);
    const operations = readFileSync(join(root, 'docs/operations.md'), 'utf8');
    const starts = operations.match(/\bnode (?:--\S+ )*dist-server\/index\.js/g) ?? [];
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) expect(start).toBe(command);
  });

  it("caps V8's young generation (what grew under 500 clients)", () => {
    // Short-lived objects by the million, as requests make them: the new space stays at its cap.
    const newSpaceMb = (flags: readonly string[]) =>
      Number(
        execFileSync(process.execPath, [
          ...flags,
          '-e',
          `let kept = [];
          for (let i = 0; i < 2e6; i++) { kept.push({ i, s: 'x' + i }); if (kept.length > 50000) kept = []; }
          const space = require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
          console.log(space.space_size / 1048576);`,
        ]).toString(),
      );
    expect(newSpaceMb(SERVER_NODE_FLAGS)).toBeLessThanOrEqual(3);
    expect(newSpaceMb([])).toBeGreaterThan(3);
  });
});
