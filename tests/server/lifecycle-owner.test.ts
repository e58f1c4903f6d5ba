/**
 * One owner of a task's life (docs/lifecycle.md): no code outside the lifecycle writes a task's
 * status, opens a refund or writes a driver's earnings.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const files = sources('server').map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
/** Every SQL statement written in a template or quoted string, flattened to one line. */
const statements = (text: string) =>
  [...text.matchAll(/`([^`]*)`|'([^'\n]*)'/g)].map((m) => (m[1] ?? m[2]).replace(/\s+/g, ' '));

const writersOf = (pattern: RegExp) =>
  files.filter((file) => statements(file.text).some((sql) => pattern.test(sql))).map((file) => file.path);

describe('the task lifecycle owns a task life', () => {
  it("only server/db/task-lifecycle.ts writes a task's status", () => {
    // The SET list only: a `where status = ...` reads the status, it does not write it.
    expect(writersOf(/\bupdate tasks set\b(?:(?!\bwhere\b)[^;])*\bstatus\s*=/i)).toEqual([
      'server/db/task-lifecycle.ts',
    ]);
  });

  it('only server/db/refunds.ts writes a refund row, and only the lifecycle opens one', () => {
    expect(writersOf(/\binsert into refunds\b/i)).toEqual(['server/db/refunds.ts']);
    const openers = files.filter((file) => /\bopenRefund\(/.test(file.text)).map((file) => file.path);
    expect(openers.sort()).toEqual(['server/db/refunds.ts', 'server/tasks/lifecycle.ts']);
  });

  it("only the lifecycle writes a driver's earnings (and the payouts' one-time backfill of the tasks before the ledger)", () => {
    expect(writersOf(/\binsert into driver_earnings\b/i).sort()).toEqual([
      'server/db/payouts.ts',
      'server/db/task-lifecycle.ts',
    ]);
  });

  it("only server/tasks imports the lifecycle's SQL", () => {
    const importers = files
      .filter((file) => /from '(\.\.\/db|\.)\/task-lifecycle'/.test(file.text))
      .map((file) => relative('server', file.path));
    expect(importers.every((path) => path.startsWith('tasks/'))).toBe(true);
    expect(importers.length).toBeGreaterThan(0);
  });
});
