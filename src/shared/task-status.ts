/**
 * Task statuses for every screen, as pure rules: both vocabularies normalized to the server's
 * words, and one label and one colour per status (docs/product.md, 'Statuses and service names').
 */
import type { TaskStatus } from './contract';

/** Every status the server gives a task, in the order a task goes through them. */
export const TASK_STATUSES: readonly TaskStatus[] = [
  'pending',
  'driver-assigned',
  'on-going',
  'completed',
  'cancelled',
];

export type StatusTone = 'amber' | 'blue' | 'orange' | 'green' | 'red' | 'gray';

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

const TONES: Record<string, StatusTone> = {
  pending: 'amber',
  'driver-assigned': 'blue',
  'on-going': 'orange',
  completed: 'green',
  cancelled: 'red',
};

/** The badge colour of a status on every screen; gray for a status the app does not know. */
export function taskStatusTone(status: string | null | undefined): StatusTone {
  return TONES[normalizeTaskStatus(status)] ?? 'gray';
}

const VIEWABLE = new Set(['driver-assigned', 'on-going', 'completed']);

/** 'View Task' is offered only for driver-assigned, on-going and completed tasks. */
export function canViewTask(status: string | null | undefined): boolean {
  return VIEWABLE.has(normalizeTaskStatus(status));
}
