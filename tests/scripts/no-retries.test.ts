/**
 * No retries, in vitest or Playwright, locally or in CI: a test that fails once is a defect to
 * fix (docs/architecture.md, 'Tests that hold on a busy machine'), and a retry would hide it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { forEachNode, type Node } from '../support/ast';
import playwrightConfig from '../../playwright.config';
import { PROCESS_TEST_TIMEOUT_MS as HANG_GUARD_MS } from '../support/processes';

describe('the test runners retry nothing', () => {
  it('vitest: this very test runs with retry 0', ({ task }) => {
    expect(task.retry ?? 0).toBe(0);
  });

  it('Playwright: retries 0', () => {
    expect(playwrightConfig.retries).toBe(0);
  });
});

const TIMED_CALLS = new Set(['it', 'test', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach']);

/** The name a call starts from: `it` for `it(...)`, `it.skipIf(x)(...)` and `test.each(rows)(...)`. */
function rootName(callee: Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name as string;
  if (callee.type === 'MemberExpression') return rootName(callee.object as Node);
  if (callee.type === 'CallExpression') return rootName(callee.callee as Node);
  return undefined;
}

/** The number literal each test or hook call passes after its function, as its own time-out. */
function ownTimeouts(file: string, text: string): number[] {
  const found: number[] = [];
  forEachNode(file, text, (node) => {
    if (node.type === 'CallExpression' && TIMED_CALLS.has(rootName(node.callee as Node) ?? '')) {
      const args = node.arguments as Node[];
      const fn = args.findIndex((arg) => arg.type === 'ArrowFunctionExpression' || arg.type === 'FunctionExpression');
      const after = fn >= 0 ? args[fn + 1] : undefined;
      if (after?.type === 'Literal' && typeof after.value === 'number') found.push(after.value);
    }
  });
  return found;
}

/** Every test file of vitest, with its text. */
function testFiles(): { file: string; text: string }[] {
  const root = fileURLToPath(new URL('../', import.meta.url));
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
}

describe('no test or hook shortens the time-out', () => {
  // A per-test or per-hook number (`}, 30_000);` after the body) overrides the config's
  // generous guard: on a busy machine such a test fails for the machine's sake, not the code's.
  it('no `it`, `test` or hook passes its own time-out below the configured one', () => {
    const short = testFiles().flatMap(({ file, text }) =>
      ownTimeouts(file, text)
        .filter((ms) => ms < HANG_GUARD_MS)
        .map((ms) => `${file}: ${ms} ms`),
    );
    expect(short).toEqual([]);
  });

  it('finds a short time-out where one is written', () => {
    const sample =
      "it('x', async () => {}, 30_000);\nbeforeAll(() => {}, 60_000);\nit.skipIf(a)('y', () => {}, 5);\nfoo({ a: 1 }, 4);";
    expect(ownTimeouts('sample.ts', sample)).toEqual([30_000, 60_000, 5]);
  });
});
