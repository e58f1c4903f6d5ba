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

/** Every end-to-end source file (specs, page models, support), with its text. */
function e2eFiles(): { file: string; text: string }[] {
  const root = fileURLToPath(new URL('../../e2e/', import.meta.url));
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file: `e2e/${file}`, text: readFileSync(join(root, file), 'utf8') }));
}

/**
 * The time-outs an e2e file writes as numbers: `{ timeout: n }` anywhere (an expect, a poll,
 * `toPass`, `describe.configure`) as 'wait', and `test.setTimeout(n)` as 'test'.
 */
function e2eTimeouts(file: string, text: string): { kind: 'wait' | 'test'; ms: number }[] {
  const found: { kind: 'wait' | 'test'; ms: number }[] = [];
  forEachNode(file, text, (node) => {
    const key = node.key as Node | undefined;
    const value = node.value as Node | undefined;
    if (node.type === 'Property' && key?.type === 'Identifier' && key.name === 'timeout') {
      if (value?.type === 'Literal' && typeof value.value === 'number') found.push({ kind: 'wait', ms: value.value });
    }
    const callee = node.callee as Node | undefined;
    const property = callee?.property as Node | undefined;
    const [first] = (node.arguments as Node[] | undefined) ?? [];
    if (
      node.type === 'CallExpression' &&
      callee?.type === 'MemberExpression' &&
      property?.name === 'setTimeout' &&
      first?.type === 'Literal' &&
      typeof first.value === 'number'
    )
      found.push({ kind: 'test', ms: first.value });
  });
  return found;
}

describe('no end-to-end wait is shorter than the configured ones', () => {
  const expectTimeout = playwrightConfig.expect?.timeout ?? 5_000;
  const testTimeout = playwrightConfig.timeout ?? 30_000;

  // A wait of 6 s on a step that takes 1 s idle fails beside a CPU-heavy process: a wait may
  // be longer than the config's (a journey waiting for dispatch), never shorter.
  it('no `{ timeout }` below the expect time-out, no `setTimeout` below the test time-out', () => {
    const short = e2eFiles().flatMap(({ file, text }) =>
      e2eTimeouts(file, text)
        .filter(({ kind, ms }) => ms < (kind === 'wait' ? expectTimeout : testTimeout))
        .map(({ kind, ms }) => `${file}: ${kind} ${ms} ms`),
    );
    expect(short).toEqual([]);
  });

  it('finds a short wait where one is written', () => {
    const sample =
      'await expect(page).toHaveURL(/x/, { timeout: 6000 });\ntest.describe.configure({ timeout: 60_000 });\ntest.setTimeout(45_000);\nfoo({ delay: 3 });';
    expect(e2eTimeouts('sample.ts', sample)).toEqual([
      { kind: 'wait', ms: 6000 },
      { kind: 'wait', ms: 60_000 },
      { kind: 'test', ms: 45_000 },
    ]);
  });
});

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
