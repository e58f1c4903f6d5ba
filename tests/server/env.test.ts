/**
 * Every variable the server reads is in its one schema (server/env.ts), and the configuration
 * table of docs/operations.md lists exactly the schema's variables.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { envSchema, envVariables } from '../../server/env';

const ROOT = join(import.meta.dirname, '../..');
const schemaNames = Object.keys(envSchema.shape).sort();

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `process.env.X`, `env.X`, `env['X']` and `env?.X` in the server's code, by file. */
function variablesRead(): Map<string, string> {
  const read = new Map<string, string>();
  for (const file of sourceFiles(join(ROOT, 'server'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b|\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g))
      read.set(match[1] ?? match[2]!, relative(ROOT, file));
  }
  return read;
}

describe('the settings schema', () => {
  it('holds every variable the server reads', () => {
    const read = variablesRead();
    // The scan itself finds what it should (the start reads NODE_ENV and DEMO directly).
    expect(read.get('NODE_ENV')).toBeDefined();
    expect(read.get('DEMO')).toBe('server/start.ts');
    const missing = [...read]
      .filter(([name]) => !schemaNames.includes(name))
      .map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('names real settings in its production rules, and gives each variable a description', () => {
    const config = loadConfig({});
    for (const [name, notes] of envVariables()) {
      expect(notes.description, name).toBeTruthy();
      if (typeof notes.production === 'object') {
        const setting = 'required' in notes.production ? notes.production.required : notes.production.refused;
        expect(Object.keys(config), name).toContain(setting);
      }
    }
  });

  it('is the configuration table of docs/operations.md, with production rules to match', () => {
    const text = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
    const table = text.slice(text.indexOf('<!-- settings:start -->'), text.indexOf('<!-- settings:end -->'));
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map((cells) => cells[1]!.replaceAll('`', '')).sort()).toEqual(schemaNames);
    const documented = new Map(rows.map((cells) => [cells[1]!.replaceAll('`', ''), cells[4]!]));
    for (const [name, { production }] of envVariables()) {
      const rule =
        production === undefined ? '' : typeof production === 'string' ? production : Object.keys(production)[0]!;
      expect(documented.get(name)?.split(/[;:]/)[0], name).toBe(rule);
    }
  });
});
