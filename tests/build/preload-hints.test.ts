import { describe, expect, it } from 'vitest';
import { preloadHints, routePathOf, type BundleFile } from '../../scripts/preload-hints';

const route = (name: string) => `/app/src/routes/client/${name}.tsx?tsr-split=component`;
const chunk = (fileName: string, extra: Partial<BundleFile> = {}): BundleFile => ({
  type: 'chunk',
  fileName,
  imports: [],
  moduleIds: [],
  ...extra,
});
const css = (...files: string[]) => ({ importedCss: new Set(files) });

// The entry (with React) and what it imports; the signed-in chunk (layout and dashboard) with
// its CSS and a chunk of its own; the create route importing the toasts chunk (also used by
// the entry's lazy parts) and its CSS; the index route, a facade of the signed-in chunk; a
// public route.
const bundle: Record<string, BundleFile> = {
  'assets/index-1.js': chunk('assets/index-1.js', {
    isEntry: true,
    imports: ['assets/react-1.js'],
    viteMetadata: css('assets/index-1.css'),
    moduleIds: ['/app/src/main.tsx'],
  }),
  'assets/react-1.js': chunk('assets/react-1.js'),
  'assets/signed-in-1.js': chunk('assets/signed-in-1.js', {
    name: 'signed-in',
    imports: ['assets/index-1.js', 'assets/offline-db-1.js'],
    viteMetadata: css('assets/signed-in-1.css'),
    moduleIds: [route('route'), route('home'), '/app/src/routes/client/-home-page.tsx', '/app/src/lib/http.ts'],
  }),
  'assets/offline-db-1.js': chunk('assets/offline-db-1.js', { imports: ['assets/react-1.js'] }),
  'assets/create-1.js': chunk('assets/create-1.js', {
    imports: ['assets/signed-in-1.js', 'assets/toasts-1.js', 'assets/react-1.js'],
    viteMetadata: css('assets/create-1.css'),
    moduleIds: [route('create'), '/app/src/features/tasks/create-task-screen.tsx'],
  }),
  'assets/toasts-1.js': chunk('assets/toasts-1.js', { viteMetadata: css('assets/toasts-1.css') }),
  'assets/client-1.js': chunk('assets/client-1.js', {
    imports: ['assets/signed-in-1.js'],
    moduleIds: [route('index')],
  }),
  'assets/signup-1.js': chunk('assets/signup-1.js', {
    imports: ['assets/react-1.js'],
    moduleIds: ['/app/src/routes/signup.tsx?tsr-split=component'],
  }),
  'assets/signed-in-1.css': { type: 'asset', fileName: 'assets/signed-in-1.css' },
};

// The entry, what it imports and its styles lead every list (fetched first, not queued behind the rest).
const entry = [
  { href: '/assets/index-1.js', as: 'script' },
  { href: '/assets/react-1.js', as: 'script' },
  { href: '/assets/index-1.css', as: 'style' },
];
const shell = [
  ...entry,
  { href: '/assets/signed-in-1.js', as: 'script' },
  { href: '/assets/offline-db-1.js', as: 'script' },
];

describe('routePathOf', () => {
  it('maps a signed-in route component to its page path', () => {
    expect(routePathOf(route('create'))).toBe('/client/create');
    expect(routePathOf(route('referal'))).toBe('/client/referal');
    expect(routePathOf(route('index'))).toBe('/client');
    expect(routePathOf(route('route'))).toBe('/client');
  });

  it('ignores what is not a signed-in route component', () => {
    expect(routePathOf('/app/src/routes/client/-home-page.tsx')).toBeNull();
    expect(routePathOf('/app/src/routes/client/create.tsx')).toBeNull();
    expect(routePathOf('/app/src/routes/signup.tsx?tsr-split=component')).toBeNull();
    expect(routePathOf('/app/src/features/tasks/create-task-screen.tsx')).toBeNull();
  });
});

describe('preloadHints', () => {
  const hints = preloadHints(bundle);

  it('gives every signed-in page the shell and its own chunks, what they import that the entry does not, and their styles', () => {
    expect(hints['/client/create']).toEqual([
      ...shell,
      { href: '/assets/create-1.js', as: 'script' },
      { href: '/assets/toasts-1.js', as: 'script' },
      { href: '/assets/signed-in-1.css', as: 'style' },
      { href: '/assets/create-1.css', as: 'style' },
      { href: '/assets/toasts-1.css', as: 'style' },
    ]);
  });

  it('a page whose component is in the signed-in chunk gets the shell alone', () => {
    expect(hints['/client/home']).toEqual([...shell, { href: '/assets/signed-in-1.css', as: 'style' }]);
  });

  it('/client (the layout and the index route) names the index chunk too, each file once', () => {
    expect(hints['/client']).toEqual([
      ...shell,
      { href: '/assets/client-1.js', as: 'script' },
      { href: '/assets/signed-in-1.css', as: 'style' },
    ]);
  });

  it('names no public page', () => {
    expect(Object.keys(hints).sort()).toEqual(['/client', '/client/create', '/client/home']);
    const named = Object.values(hints).flatMap((links) => links.map((link) => link.href));
    expect(named).not.toContain('/assets/signup-1.js');
  });

  it('names what the entry loads once, first, and not again among the page files', () => {
    for (const links of Object.values(hints)) {
      expect(links.slice(0, entry.length)).toEqual(entry);
      const hrefs = links.map((link) => link.href);
      expect(new Set(hrefs).size).toBe(hrefs.length);
    }
  });

  it('honours the base path', () => {
    expect(preloadHints(bundle, '/app/')['/client/home']?.[0]).toEqual({
      href: '/app/assets/index-1.js',
      as: 'script',
    });
  });

  it('fails the build when there is no signed-in chunk to name', () => {
    const { 'assets/signed-in-1.js': _, ...withoutIt } = bundle;
    expect(() => preloadHints(withoutIt)).toThrow(/signed-in/);
  });
});
