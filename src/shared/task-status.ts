/**
 * Task statuses (SPEC.md section 4), one pure module for every screen. The server speaks
 * `driver-assigned` and `on-going`; the history vocabulary says `assigned` and `in-progress`.
 * Both are normalized to the server's words, the label is the status with hyphens replaced
 * by spaces, and each screen gets its own badge colours from the spec.
 */
import type { TaskStatus } from './contract';

/** Every status the server gives a task, in the order a task goes through them. */
export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'driver-assigned', 'on-going', 'completed', 'cancelled'];

export type StatusTone = 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'gray';

const SYNONYMS: Record<string, string> = {
  assigned: 'driver-assigned',
  'in-progress': 'on-going',
};

/** Lower-cased, trimmed, and `assigned` / `in-progress` in the server's words. */
export function normalizeTaskStatus(status: string | null | undefined): string {
  const value = (status ?? '').trim().toLowerCase();
  return SYNONYMS[value] ?? value;
}

/** The status with hyphens replaced by spaces: 'driver-assigned' → 'driver assigned'. */
export function taskStatusLabel(status: string | null | undefined): string {
  return normalizeTaskStatus(status).replace(/-/g, ' ');
}

/** Dashboard badges: completed green, in-progress (on-going) blue, any other value yellow. */
export function dashboardStatusTone(status: string | null | undefined): StatusTone {
  const value = normalizeTaskStatus(status);
  if (value === 'completed') return 'green';
  if (value === 'on-going') return 'blue';
  return 'yellow';
}

const HISTORY_TONES: Record<string, StatusTone> = {
  pending: 'yellow',
  'driver-assigned': 'blue',
  'on-going': 'orange',
  completed: 'green',
  cancelled: 'red',
};

/** History badges: pending yellow, assigned blue, in-progress orange, completed green, cancelled red. */
export function historyStatusTone(status: string | null | undefined): StatusTone {
  return HISTORY_TONES[normalizeTaskStatus(status)] ?? 'gray';
}

const VIEWABLE = new Set(['driver-assigned', 'on-going', 'completed']);

/** 'View Task' is offered only for driver-assigned, on-going and completed tasks. */
export function canViewTask(status: string | null | undefined): boolean {
  return VIEWABLE.has(normalizeTaskStatus(status));
}
