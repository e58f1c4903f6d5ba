import type { Task } from '../../../shared/contract';
import { formatCoordinates } from '../../../lib/format';
import { normalizeLocation } from '../../../shared/driver-location';

/** The task's place ([lng, lat] GeoJSON point) as 'latitude, longitude' to 4 decimals; '' when it has none. */
export function taskCoordinates(task: Pick<Task, 'location'>): string {
  const place = normalizeLocation(task.location);
  return place ? formatCoordinates(place, 4) : '';
}

/** The driver's first and last name, or 'Driver not assigned'. */
export function driverName(task: Pick<Task, 'driver'>): string {
  const name = [task.driver?.firstname, task.driver?.lastname].filter((part) => part?.trim()).join(' ');
  return name || 'Driver not assigned';
}
