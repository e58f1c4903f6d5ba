import { describe, expect, it } from 'vitest';
import { chunkPlan, type ModuleGraph } from '../../scripts/chunks';

/** A module graph from a table of static and dynamic imports. */
function graphOf(table: Record<string, { imports?: string[]; lazy?: string[] }>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const row = table[id];
      return row ? { importedIds: row.imports ?? [], dynamicallyImportedIds: row.lazy ?? [] } : null;
    },
  };
}

const roots = {
  signedIn: [/layout$/, /home$/],
  firstVisitLazy: [/sw-bridge$/, /toastify$/],
  screen: /^route:/,
  clientScreen: /^route:(layout|home|create|edit)$/,
};

// index.html → main → react, login; lazily the worker bridge and the toasts (every screen, after
// its first paint), the layout, and the screens; screens load the map and Google's adapters lazily.
const app = graphOf({
  'index.html': { imports: ['src/main'] },
  'src/main': {
    imports: ['react', 'src/login'],
    lazy: [
      'src/sw-bridge',
      'toastify',
      'route:layout',
      'route:home',
      'route:create',
      'route:edit',
      'route:signup',
      'route:terms',
      'route:privacy',
    ],
  },
  'src/login': { imports: ['react', 'src/format'] },
  'src/sw-bridge': { imports: ['workbox', 'src/sw-messages'] },
  'route:layout': { imports: ['react', 'src/http', 'src/shell', 'src/sw-messages'] },
  'src/shell': { imports: ['src/format', 'src/nav'] },
  'src/http': { imports: ['ky'] },
  'route:home': { imports: ['src/http', 'src/badge'], lazy: ['src/chat-modal'] },
  'src/chat-modal': { imports: ['src/http'] },
  'route:create': {
    imports: ['src/http', 'src/text-field', 'src/service-picker', 'src/notify', 'src/map-bits', 'src/pin'],
    lazy: ['src/map', 'src/google-search', 'src/google-reverse'],
  },
  'route:edit': { imports: ['src/text-field', 'src/service-picker', 'src/notify', 'src/pin', 'src/field-errors'] },
  'route:signup': { imports: ['src/text-field', 'src/phone', 'src/field-errors'] },
  'src/field-errors': { imports: ['src/http'] },
  'route:terms': { imports: ['src/legal'] },
  'route:privacy': { imports: ['src/legal'] },
  'src/service-picker': { imports: ['src/http', 'src/text-field'] },
  'src/notify': { imports: ['toastify'] },
  'src/map': { imports: ['maplibre', 'src/map-bits'] },
  'src/pin': { imports: ['src/map'] },
  'src/google-search': { imports: ['src/google-loader'] },
  'src/google-reverse': { imports: ['src/google-loader'] },
});

describe('chunkPlan', () => {
  const plan = chunkPlan(app, 'index.html', roots);
  const placed = (chunk: string) =>
    [...plan]
      .filter(([, name]) => name === chunk)
      .map(([id]) => id)
      .sort();

  it('keeps the entry and what it imports statically in the entry', () => {
    expect(placed('first-screen')).toEqual(
      expect.arrayContaining(['index.html', 'react', 'src/format', 'src/login', 'src/main']),
    );
  });

  it('puts what both the worker bridge and the signed-in shell import in the entry, not in a chunk of its own', () => {
    expect(plan.get('src/sw-messages')).toBe('first-screen');
    expect(plan.has('workbox')).toBe(false);
  });

  it('puts what the signed-in roots import statically in the signed-in chunk, minus the entry and what loads after the first paint', () => {
    expect(placed('signed-in')).toEqual([
      'ky',
      'route:home',
      'route:layout',
      'src/badge',
      'src/http',
      'src/nav',
      'src/shell',
    ]);
    expect(plan.has('toastify')).toBe(false);
    expect(plan.has('src/sw-bridge')).toBe(false);
  });

  it('gathers what several signed-in screens share in one chunk, which may need the signed-in chunk', () => {
    expect(placed('client-shared')).toEqual(['src/map-bits', 'src/service-picker']);
  });

  it('gathers what signed-out screens share too in another, which does not load the signed-in chunk', () => {
    expect(placed('shared')).toEqual(['src/legal', 'src/text-field']);
    // A signed-out screen needs it, and it needs the signed-in chunk: left where it is.
    expect(plan.has('src/field-errors')).toBe(false);
  });

  it("leaves a screen's own modules, lazy parts and libraries where Rolldown puts them", () => {
    for (const id of ['route:create', 'route:signup', 'src/phone', 'src/chat-modal', 'src/map', 'maplibre']) {
      expect(plan.has(id)).toBe(false);
    }
  });

  it('leaves out what would load a lazy part before the first paint: the toasts, the map', () => {
    expect(plan.has('src/notify')).toBe(false);
    expect(plan.has('src/pin')).toBe(false);
  });

  it('leaves out what only lazy parts share (the Google adapters), so no screen loads it', () => {
    expect(plan.has('src/google-loader')).toBe(false);
  });

  it('fails the build when a pattern matches no module, rather than splitting quietly again', () => {
    expect(() => chunkPlan(app, 'index.html', { ...roots, signedIn: [...roots.signedIn, /renamed-route$/] })).toThrow(
      /renamed-route/,
    );
    expect(() => chunkPlan(app, 'index.html', { ...roots, firstVisitLazy: [/gone$/] })).toThrow(/gone/);
  });
});
