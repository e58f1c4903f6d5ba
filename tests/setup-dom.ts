/**
 * Component tests wait for what appears after a fetch, a transition or a retry. On two busy
 * cores (npm test beside a bench, CI's machine) that can take longer than testing-library's
 * default of one second, so findBy and waitFor wait up to fifteen: a guard against what never
 * comes, not a speed check (a wait ends as soon as its check passes). Server tests (no
 * document) do not load it.
 */
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}
