import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipSmallest } from '../../scripts/precompress';

// A real script: React DOM's production build (unminified, 625 kB); its first 300 kB is about the size of the app's entry.
const reactDom = readFileSync(
  new URL('../../node_modules/react-dom/cjs/react-dom-client.production.js', import.meta.url),
);

describe("the build's gzip copies (Zopfli)", () => {
  it('decode to the file, and are smaller than zlib at level 9 by about 3 %', async () => {
    const script = reactDom.subarray(0, 300_000);
    const zopfli = await gzipSmallest(script);
    expect(gunzipSync(zopfli).equals(script)).toBe(true);
    const zlib = gzipSync(script, { level: 9 });
    expect(zopfli.length).toBeLessThan(zlib.length * 0.985);
  });

  it('files past 400 kB get zlib level 9 (Zopfli would take most of a minute), still decoding to the file', async () => {
    const big = reactDom;
    expect(big.length).toBeGreaterThan(400_000);
    const copy = await gzipSmallest(big);
    expect(copy.equals(gzipSync(big, { level: 9 }))).toBe(true);
    expect(gunzipSync(copy).equals(big)).toBe(true);
  });
});
