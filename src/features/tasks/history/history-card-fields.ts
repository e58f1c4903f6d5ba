import type { Task } from '../../../shared/contract';

/** 'latitude, longitude' to 4 decimals from the task's GeoJSON point ([lng, lat]); '' when absent. */
export function formatCoordinates(task: Pick<Task, 'location'>): string {
  const coordinates = task.location?.coordinates;
  if (!coordinates || coordinates.length < 2) return '';
  const [lng, lat] = coordinates;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return '';
  return `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
}

/** The driver's first and last name, or 'Driver not assigned'. */
export function driverName(task: Pick<Task, 'driver'>): string {
  const name = [task.driver?.firstname, task.driver?.lastname].filter((part) => part && part.trim()).join(' ');
  return name || 'Driver not assigned';
}
