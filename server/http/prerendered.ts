/**
 * The signed-out screens prerendered by the build (scripts/prerender.ts): which file answers
 * which page path, and the hashes of their inline script for the Content-Security-Policy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PRERENDERED_DIR = 'prerendered';
export const PRERENDERED_INDEX = 'pages.json';

export interface PrerenderedIndex {
  /** Page path (`/login`) → file name under prerendered/. */
  pages: Record<string, string>;
  /** CSP source expressions (`'sha256-…'`) of the pages' inline scripts. */
  scriptHashes: string[];
}

/** The build's index of prerendered pages; none (an older build, or the API alone) when it has none. */
export function readPrerenderedIndex(distDir: string | undefined): PrerenderedIndex {
  const path = distDir === undefined ? undefined : join(distDir, PRERENDERED_DIR, PRERENDERED_INDEX);
  if (path === undefined || !existsSync(path)) return { pages: {}, scriptHashes: [] };
  const index = JSON.parse(readFileSync(path, 'utf8')) as PrerenderedIndex;
  // Only hash sources reach the policy: a hand-edited file cannot widen it.
  return {
    pages: index.pages,
    scriptHashes: index.scriptHashes.filter((hash) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(hash)),
  };
}
