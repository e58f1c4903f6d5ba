/** The console's pure rules: which screens a role sees, how late a task is, the board's columns and clocks. */

import { OPERATOR_ROLES, type OperatorRole } from '../shared/schemas/ops-console';

export type { OperatorRole };

export type Screen =
  | 'board'
  | 'support'
  | 'payments'
  | 'payouts'
  | 'services'
  | 'drivers'
  | 'clients'
  | 'operators'
  | 'audit';

export interface NavItem {
  screen: Screen;
  label: string;
}

const NAV: readonly (NavItem & { roles: readonly OperatorRole[] })[] = [
  { screen: 'board', label: 'Board', roles: OPERATOR_ROLES },
  { screen: 'support', label: 'Support', roles: ['admin', 'support'] },
  { screen: 'payments', label: 'Payments', roles: ['admin'] },
  { screen: 'payouts', label: 'Payouts', roles: ['admin'] },
  { screen: 'services', label: 'Services', roles: ['admin'] },
  { screen: 'drivers', label: 'Drivers', roles: ['admin', 'dispatcher'] },
  { screen: 'clients', label: 'Clients', roles: ['admin', 'support'] },
  { screen: 'operators', label: 'Operators', roles: ['admin'] },
  { screen: 'audit', label: 'Audit', roles: ['admin'] },
];

/** The screens a role may use, in the nav's order (the server checks each call anyway). */
export function navItems(role: OperatorRole): NavItem[] {
  return NAV.filter((item) => item.roles.includes(role)).map(({ screen, label }) => ({ screen, label }));
}

export function mayUse(role: OperatorRole, screen: Screen): boolean {
  return navItems(role).some((item) => item.screen === screen);
}

/** Assigning drivers and setting a status: dispatchers and admins. */
export function mayAssign(role: OperatorRole): boolean {
  return role === 'admin' || role === 'dispatcher';
}

export type Lateness = 'on-time' | 'amber' | 'red';

/** Past its promise a task turns amber; this long past it, red. */
export const RED_AFTER_MS = 30 * 60_000;

/** How late an open task is against the time it was promised for. */
export function lateness(promiseAt: string | null, now: number): Lateness {
  const promise = promiseAt === null ? Number.NaN : Date.parse(promiseAt);
  if (Number.isNaN(promise) || now < promise) return 'on-time';
  return now - promise < RED_AFTER_MS ? 'amber' : 'red';
}

/** An offer's time left as 'm:ss' ('0:00' once it has run out). */
export function countdown(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  if (Number.isNaN(left)) return '0:00';
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

/** How long since `since`: '45 s', '12 min', '2 h 05 min'. */
export function waitedFor(since: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

export type Column = 'waiting' | 'offered' | 'assigned' | 'on-the-way' | 'arrived';

export const COLUMNS: readonly { column: Column; title: string }[] = [
  { column: 'waiting', title: 'Waiting for a driver' },
  { column: 'offered', title: 'Offered' },
  { column: 'assigned', title: 'Assigned' },
  { column: 'on-the-way', title: 'On the way' },
  { column: 'arrived', title: 'Arrived' },
];

/** The board's column of an open task; null for a closed one (completed, cancelled). */
export function columnOf(task: { status: string; offer: unknown; arrivedAt: string | null }): Column | null {
  if (task.status === 'pending') return task.offer ? 'offered' : 'waiting';
  if (task.status === 'driver-assigned') return task.arrivedAt ? 'arrived' : 'assigned';
  if (task.status === 'on-going') return task.arrivedAt ? 'arrived' : 'on-the-way';
  return null;
}

/** A map position, [longitude, latitude] as the API sends it. */
export type LngLat = [number, number];

/** The smallest box holding every point, [[west, south], [east, north]]; null without points. */
export function boundsOf(points: readonly LngLat[]): [LngLat, LngLat] | null {
  if (points.length === 0) return null;
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
