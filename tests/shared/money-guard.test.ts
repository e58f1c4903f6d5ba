/**
 * Money is converted in one place (issue 43): no source file but src/shared/money.ts multiplies
 * or divides by 100, formats amounts with toFixed or Intl, or names a second naira-to-kobo
 * function. A new conversion elsewhere fails here with its file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['src', 'sw', 'server'];
const MONEY_MODULE = 'src/shared/money.ts';

/** What converts or formats money by hand. */
const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/[*/]\s*100(?![\d._])/, 'multiplies or divides by 100'],
  [/(?<![\d._])100\s*\*/, 'multiplies by 100'],
  [/(?<![\w.])(?:1e2|e2`)/, 'shifts by two decimal places'],
  [/\bfunction\s+(?:nairaToKobo|koboToNaira|toKobo|fromKobo)\b/, 'defines a naira/kobo conversion'],
  [/minimumFractionDigits/, 'formats an amount with Intl'],
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.gen.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** Each forbidden line as 'file:line: why'. */
function moneyConversions(file: string, source: string): string[] {
  const found: string[] = [];
  source.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*\*)/.test(code)) return;
    for (const [pattern, why] of FORBIDDEN) if (pattern.test(code)) found.push(`${file}:${index + 1}: ${why}`);
  });
  return found;
}

describe('money is converted only in src/shared/money.ts', () => {
  it('no other source file multiplies or divides money by 100', () => {
    const files = FOLDERS.flatMap(sourceFiles).filter((file) => file !== MONEY_MODULE);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => moneyConversions(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches the forms a conversion takes', () => {
    expect(moneyConversions('a.ts', 'const kobo = Math.round(naira * 100);')).toHaveLength(1);
    expect(moneyConversions('a.ts', 'amount: row.amount_kobo / 100,')).toHaveLength(1);
    expect(moneyConversions('a.ts', 'const k = 100 * naira;')).toHaveLength(1);
    expect(moneyConversions('a.ts', 'export function toKobo(n: number) {')).toHaveLength(1);
    expect(moneyConversions('a.ts', "n.toLocaleString('en-NG', { minimumFractionDigits: 2 })")).toHaveLength(1);
    expect(moneyConversions('a.ts', 'const limit = 1000; const ms = 100_000; // x * 100')).toEqual([]);
    expect(moneyConversions('a.ts', ' * naira x 100 in a comment')).toEqual([]);
  });
});
