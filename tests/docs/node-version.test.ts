/**
 * One Node version for the project (README, 'Node'): `.nvmrc`, `engines`, the README and
 * `.ci/run` name the same major, so a fresh install on it prints no engine warning.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

it('.nvmrc, engines, the README and .ci/run agree on the Node major', () => {
  const major = read('.nvmrc').trim();
  expect(major).toMatch(/^\d+$/);
  const { engines } = JSON.parse(read('package.json')) as { engines: { node: string } };
  expect(engines.node).toMatch(new RegExp(`^\\^${major}\\.\\d+\\.\\d+$`));
  expect(read('README.md')).toContain(`runs on **Node ${major}**`);
  expect(read('.ci/run')).toContain('< .nvmrc');
  expect(process.versions.node.split('.')[0]).toBe(major);
});
