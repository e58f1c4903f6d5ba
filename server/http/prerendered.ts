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

/** Where the booking screen shows a service's price (scripts/prerender.ts writes it, the server fills it). */
export function pricePlaceholder(service: string): string {
  return `{{price:${service}}}`;
}

const PLACEHOLDER = /\{\{price:([a-z]{1,20})\}\}/g;

/** Whether a prerendered page carries prices to fill in. */
export function hasPricePlaceholders(html: string): boolean {
  return new RegExp(PLACEHOLDER.source).test(html);
}

/**
 * The page with each service's price as the app shows it (`formatNaira` of its unit price in
 * kobo); `priceKobo` answers for a service key, the default service's price for one the list
 * lacks, as the app's `priceFor` does.
 */
export function fillPrices(html: string, priceKobo: (service: string) => number, format: (kobo: number) => string) {
  return html.replace(PLACEHOLDER, (_, service: string) => format(priceKobo(service)));
}
