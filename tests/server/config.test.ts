/** The environment is checked once, at start: a typo stops the server with one line naming the variable. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { PROCESS_TEST_TIMEOUT_MS } from '../support/processes';

const ROOT = resolve(import.meta.dirname, '../..');

describe('numeric settings', () => {
  it('unset or empty take their defaults; numbers are read as numbers', () => {
    const config = loadConfig({ PORT: '', REFERRAL_REWARD: '250.5', DATABASE_POOL_MAX: ' 20 ' });
    expect(config).toMatchObject({ port: 8080, referralRewardKobo: 25_050, databasePoolMax: 20 });
    expect(loadConfig({}).tokenTtlSeconds).toBe(60 * 60 * 24 * 30);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ REFERRAL_REWARD: 'x' }, 'REFERRAL_REWARD must be an amount of 0 or more (got "x")'],
    [{ DATABASE_POOL_MAX: '-1' }, 'DATABASE_POOL_MAX must be a whole number from 1 to 1000 (got "-1")'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '1.5' }, 'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of at least 0'],
    [{ TOKEN_TTL_SECONDS: 'NaN' }, 'TOKEN_TTL_SECONDS must be a whole number of at least 60'],
  ])('%o is refused, naming the variable and what it must be', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it(
    '`PORT=abc` stops the server at once: exit code 1 and one line naming PORT',
    async () => {
      // It exits by itself, having opened nothing (no other line). How fast is not timed here: a
      // clock in a test fails on a busy machine (a fresh clone's first tsx start under load took 10.7 s).
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: 'abc', DATA_DIR: 'memory://', NODE_ENV: 'development' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // A server that started instead would never exit: the test's guard ends it.
      const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      expect(exit).toEqual({ code: 1, signal: null });
      expect(stderr.trim().split('\n')).toEqual([
        '[server] Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc").',
      ]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
