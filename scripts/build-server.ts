/**
 * Builds the reference server into dist-server/ (run by `npm run build`): each entry bundled
 * with our own code (server/ and src/shared/) as plain JavaScript, npm packages left as imports,
 * and the SQL migrations beside it, so production runs `node dist-server/index.js` without tsx.
 */
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = join(ROOT, 'dist-server');

/** index.js (the server) and cli.js (`npm run ops`) side by side: both find migrations/ beside them. */
export async function buildServer(outdir = SERVER_OUT_DIR): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { index: join(ROOT, 'server/index.ts'), cli: join(ROOT, 'server/ops/cli.ts') },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(join(ROOT, 'server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`[build] server bundled into ${SERVER_OUT_DIR}`);
}
