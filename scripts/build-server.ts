/**
 * Builds the reference server into dist-server/ (run by `npm run build`): each entry bundled
 * with our own code (server/ and src/shared/) as plain JavaScript, npm packages left as imports,
 * and the SQL migrations beside it, so production runs `node dist-server/index.js` without tsx (with SERVER_NODE_FLAGS).
 */
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = join(ROOT, 'dist-server');

/**
 * Node's flags for the compiled server, as production runs it (`node <flags> dist-server/index.js`:
 * `npm run serve`, docs/operations.md, the bench's memory run; tests/build/server-bundle.test.ts
 * checks they agree). V8 reads them only when the process starts: the server cannot set them
 * itself. A young generation of 1 MB semi-spaces instead of up to 16 MB: under 500 clients the
 * process grew by about 35 MB, mostly there (docs/performance.md, 'The server's memory').
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1'] as const;

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
