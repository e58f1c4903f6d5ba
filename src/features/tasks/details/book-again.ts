import type { HistoryState } from '@tanstack/react-router';
import type { Task } from '../../../shared/contract';
import { normalizeLocation } from '../../../shared/driver-location';
import { isBookableService } from '../booking/service-picker';

/**
 * What 'Book again' hands to /client/create: the task's service, place, details and quantity
 * (not its time: the client picks a new one). Null when the task's service or place is unknown.
 */
export function bookAgainState(task: Task): Pick<HistoryState, 'serviceType' | 'bookAgain'> | null {
  const place = normalizeLocation(task.location);
  if (!place || !isBookableService(task.type)) return null;
  return {
    serviceType: task.type,
    bookAgain: {
      address: task.address,
      lat: place.lat,
      lng: place.lng,
      addressDetails: task.addressDetails ?? '',
      quantity: task.quantity ?? 1,
    },
  };
}
