/** The console's pure rules: which screens a role sees, how late a task is, the board's columns and clocks. */
import { formatTime } from '../lib/format';
import { formatDistance } from '../shared/geo';
import { windowText } from '../shared/pickup-windows';
import type { AttentionReason } from './api';

import { OPERATOR_ROLES, type OperatorRole } from '../shared/schemas/ops-console';

export type { OperatorRole };

export type Screen =
  | 'board'
  | 'support'
  | 'payments'
  | 'refunds'
  | 'reports'
  | 'payouts'
  | 'services'
  | 'plans'
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
  { screen: 'refunds', label: 'Refunds', roles: ['admin'] },
  { screen: 'reports', label: 'Reports', roles: ['admin'] },
  { screen: 'payouts', label: 'Payouts', roles: ['admin'] },
  { screen: 'services', label: 'Services', roles: ['admin'] },
  { screen: 'plans', label: 'Plans', roles: ['admin'] },
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

/** A task's due time and window as the board's table says it: 'Mon 14 Dec, 08:00-10:00' or 'ASAP, booked 10:05'. */
export function dueText(task: { window: { start: string; end: string } | null; createdAt: string }): string {
  return task.window ? windowText(task.window) : `ASAP, booked ${formatTime(task.createdAt)}`;
}

/** Where a task stands, in words: 'Waiting 13 min', 'Offered to Bayo, 0:25 left', 'Assigned', ... */
export function stateText(
  task: {
    status: string;
    offer: { driverName: string; expiresAt: string } | null;
    arrivedAt: string | null;
    waitingSince: string | null;
    createdAt: string;
  },
  now: number,
): string {
  const column = columnOf(task);
  if (column === 'waiting') return `Waiting ${waitedFor(task.waitingSince ?? task.createdAt, now)}`;
  if (column === 'offered' && task.offer)
    return `Offered to ${task.offer.driverName}, ${countdown(task.offer.expiresAt, now)} left`;
  if (column === null) return task.status === 'completed' ? 'Completed' : 'Cancelled';
  return COLUMNS.find((entry) => entry.column === column)?.title ?? task.status;
}

/** The Needs attention lane's reasons in words (`minutes`: DISPATCH_ATTENTION_MIN is the server's; the words say 'too long'). */
export const ATTENTION_TEXT = {
  'no-driver': 'No driver accepted it: dispatch keeps offering it further away. Assign one, or call the client.',
  'far-arrival':
    "The driver's 'I've arrived' was refused: they were far from the pin. Call the driver (a wrong place, or a wrong pin?).",
  'extra-awaiting':
    'The client has not answered the extra to pay for over 10 minutes: call the client, or mark it completed with the booked quantity.',
  'arrived-not-completed': 'The driver arrived over 20 minutes ago and it is not completed: call the driver.',
  late: 'Late: its window ended (or an ASAP task waited an hour).',
  'cancelled-under-driver': 'The client cancelled it with a driver on it: tell the driver.',
} as const;

/** What the lane adds to a reason: how long, how far ('waiting 13 min', 'refused 2.4 km away, 5 min ago'). */
export function attentionDetail(
  task: {
    attention?: AttentionReason | null;
    waitingSince: string | null;
    createdAt: string;
    farArrival?: { at: string; meters: number } | null;
    extraAwaitingSince?: string | null;
  },
  now: number,
): string {
  if (task.attention === 'no-driver') return `(waiting ${waitedFor(task.waitingSince ?? task.createdAt, now)})`;
  if (task.attention === 'far-arrival' && task.farArrival)
    return `(refused ${formatDistance(task.farArrival.meters)} away, ${waitedFor(task.farArrival.at, now)} ago)`;
  if (task.attention === 'extra-awaiting' && task.extraAwaitingSince)
    return `(asked ${waitedFor(task.extraAwaitingSince, now)} ago)`;
  return '';
}

export type Freshness = 'fresh' | 'recent' | 'stale';

/** A driver's position: fresh under 2 minutes old, recent under 10, stale after. */
export function freshness(updatedAt: string, now: number): Freshness {
  const age = now - Date.parse(updatedAt);
  if (!(age < 10 * 60_000)) return 'stale';
  return age < 2 * 60_000 ? 'fresh' : 'recent';
}

/** Drivers freshest position first (a dispatcher trusts those most), then by name. */
export function byFreshness<D extends { locationUpdatedAt: string; name: string }>(drivers: readonly D[]): D[] {
  return [...drivers].sort(
    (a, b) => Date.parse(b.locationUpdatedAt) - Date.parse(a.locationUpdatedAt) || a.name.localeCompare(b.name),
  );
}
