import { describe, expect, it } from 'vitest';
import { signedInModules, type ModuleGraph } from '../../scripts/signed-in-chunk';

/** A module graph from a table of static and dynamic imports. */
function graphOf(table: Record<string, { imports?: string[]; lazy?: string[] }>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const row = table[id];
      return row ? { importedIds: row.imports ?? [], dynamicallyImportedIds: row.lazy ?? [] } : null;
    },
  };
}

const roots = { signedIn: [/layout$/, /home$/], firstVisitLazy: [/sw-bridge$/] };

// index.html → main (static) → react, login; lazily the worker bridge (every screen, on idle),
// the layout, home and create.
const app = graphOf({
  'index.html': { imports: ['main'] },
  main: { imports: ['react', 'login'], lazy: ['sw-bridge', 'layout', 'home', 'create'] },
  login: { imports: ['react', 'format'] },
  'sw-bridge': { imports: ['workbox', 'offline-db'] },
  layout: { imports: ['react', 'http', 'shell'], lazy: ['map'] },
  shell: { imports: ['format', 'offline-db', 'nav'] },
  http: { imports: ['ky'] },
  home: { imports: ['http', 'badge'], lazy: ['chat-modal'] },
  create: { imports: ['http', 'map'] },
  'chat-modal': { imports: ['http'] },
});

describe('signedInModules', () => {
  const members = signedInModules(app, 'index.html', roots);

  it('takes what the roots import statically, directly or not', () => {
    expect([...members].sort()).toEqual(['badge', 'home', 'http', 'ky', 'layout', 'nav', 'shell']);
  });

  it('leaves what the entry imports in the entry, so the first screen does not grow', () => {
    expect(members.has('react')).toBe(false);
    expect(members.has('format')).toBe(false);
  });

  it('leaves what every screen loads after painting where it is, so a first visit does not load the chunk', () => {
    expect(members.has('offline-db')).toBe(false);
    expect(members.has('sw-bridge')).toBe(false);
  });

  it('leaves lazy parts lazy, and other routes out', () => {
    for (const lazy of ['map', 'chat-modal', 'create']) expect(members.has(lazy)).toBe(false);
  });

  it('fails the build when a pattern matches no module, rather than splitting quietly again', () => {
    expect(() =>
      signedInModules(app, 'index.html', { ...roots, signedIn: [...roots.signedIn, /renamed-route$/] }),
    ).toThrow(/renamed-route/);
    expect(() => signedInModules(app, 'index.html', { ...roots, firstVisitLazy: [/gone$/] })).toThrow(/gone/);
  });
});
