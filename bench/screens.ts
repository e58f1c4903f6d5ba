/**
 * The screens Lighthouse measures, each with its score budget, and their rows in the table.
 * The first screen, the dashboard and the booking screen (where clients pay) must score 98;
 * every other signed-in screen 95. Every screen: CLS < 0.05 and TBT <= 150 ms.
 */
import type { LighthouseFigures } from './lighthouse-runs';
import type { Row } from './report';

export interface Screen {
  path: string;
  /** Opened with the demo client's token in storage (as after signing in), else signed out. */
  signedIn: boolean;
  minScore: number;
  /** Script run in the page before any of its own (the booking screen's service, below). */
  beforeScripts?: string;
}

/**
 * `/client/create` opened without a service shows the service picker; the bench measures
 * the booking form, as the dashboard's service grid opens it: with the service in the
 * router's history state. The state carries the keys TanStack's history looks for (without
 * them it replaces the state, service and all). Run before the page's scripts.
 */
export const BOOKING_SERVICE = 'recycling';
export const BOOKING_STATE_SCRIPT = `if (location.pathname === '/client/create' && !(history.state && history.state.serviceType)) {
  history.replaceState({ serviceType: '${BOOKING_SERVICE}', __TSR_index: 0, key: 'bench', __TSR_key: 'bench' }, '');
}`;

export const SCREENS: readonly Screen[] = [
  { path: '/', signedIn: false, minScore: 98 },
  { path: '/client/home', signedIn: true, minScore: 98 },
  { path: '/client/create', signedIn: true, minScore: 98, beforeScripts: BOOKING_STATE_SCRIPT },
  { path: '/client/history', signedIn: true, minScore: 95 },
  { path: '/client/profile', signedIn: true, minScore: 95 },
  { path: '/client/edit', signedIn: true, minScore: 95 },
  { path: '/client/subscribe', signedIn: true, minScore: 95 },
  // The route is spelled so in the product's route table.
  { path: '/client/referal', signedIn: true, minScore: 95 },
];

export const MAX_TBT_MS = 150;
export const MAX_CLS = 0.05;

export interface ScreenFigures extends LighthouseFigures {
  path: string;
  /** Every run, in order (the figures above are their medians). */
  runs: LighthouseFigures[];
}

export function screenRows(screens: readonly ScreenFigures[]): Row[] {
  return screens.flatMap((figures) => {
    const screen = SCREENS.find((candidate) => candidate.path === figures.path);
    const label = `Lighthouse ${figures.path}`;
    return [
      {
        figure: `${label}: performance`,
        value: figures.score,
        unit: 'score',
        budget: { op: '>=', limit: screen?.minScore ?? 95 },
      },
      { figure: `${label}: FCP`, value: figures.fcpMs, unit: 'ms' },
      { figure: `${label}: LCP`, value: figures.lcpMs, unit: 'ms' },
      { figure: `${label}: TBT`, value: figures.tbtMs, unit: 'ms', budget: { op: '<=', limit: MAX_TBT_MS } },
      { figure: `${label}: CLS`, value: figures.cls, unit: '', budget: { op: '<', limit: MAX_CLS } },
    ] satisfies Row[];
  });
}
