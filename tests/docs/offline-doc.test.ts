/** docs/offline.md's table of kept reads is the code's list (CACHED_QUERIES), no more, no fewer. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { CACHED_QUERIES } from '../../src/shared/cached-responses';

it('docs/offline.md names every read the worker keeps, and only those', () => {
  const doc = readFileSync(resolve(import.meta.dirname, '../../docs/offline.md'), 'utf8');
  const row = doc.split('\n').find((line) => line.startsWith('| the responses of '));
  const named = [...(row ?? '').matchAll(/`(GET|POST) \/([\w/-]+)`/g)].map(([, method, path]) => `${method} ${path}`);
  expect(named.sort()).toEqual(CACHED_QUERIES.map((read) => `${read.method} ${read.path}`).sort());
});
