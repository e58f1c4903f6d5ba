/** The precache: the entries of the built service worker's manifest and their sizes (raw and gzip). */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Precache {
  entries: number;
  rawBytes: number;
  gzipBytes: number;
}

export function measurePrecache(distDir: string): Precache {
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] as string);
  if (urls.length === 0) throw new Error('no precache manifest found in sw.js');
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of new Set(urls)) {
    const file = join(distDir, decodeURIComponent(url));
    rawBytes += statSync(file).size;
    gzipBytes += gzipSync(readFileSync(file)).length;
  }
  return { entries: urls.length, rawBytes, gzipBytes };
}
