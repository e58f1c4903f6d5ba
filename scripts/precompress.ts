/**
 * Writes compressed copies of the built files beside them (`.gz` through Zopfli, `.br`), which
 * the reference server sends as they are, so phones get the smallest transfer at no cost per
 * request (docs/architecture.md, 'The first paint').
 */
import { gzipAsync } from '@gfx/zopfli';
import { gzipSync, constants as zlib } from 'node:zlib';
import type { PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Zopfli's passes per block: 5 gives all but 0.05 % of what 15 give, in 60 % of the time. */
const ZOPFLI_ITERATIONS = 5;
/**
 * Files past this (MapLibre and its worker, which only the map loads) get zlib's level 9:
 * Zopfli would take most of a minute of build for them.
 */
const ZOPFLI_MAX_BYTES = 400_000;

export const gzipSmallest = async (input: Buffer) =>
  input.length > ZOPFLI_MAX_BYTES
    ? gzipSync(input, { level: 9 })
    : Buffer.from(await gzipAsync(input, { numiterations: ZOPFLI_ITERATIONS }));

export function precompressPlugin(): PluginOption {
  return compression({
    include: /\.(?:js|mjs|css|html|svg|json|webmanifest)$/,
    threshold: 512,
    logLevel: 'silent',
    algorithms: [
      defineAlgorithm((input) => gzipSmallest(Buffer.from(input as Uint8Array)), {}),
      defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    ],
  });
}
