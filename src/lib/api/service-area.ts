import { queryOptions } from '@tanstack/react-query';
import type { ServiceArea } from '../../shared/service-area';
import { http } from '../http';
import { readQueryData } from './query-data';

export const serviceAreaKeys = { all: ['serviceArea'] as const };

/**
 * GET /client/service-area: where we serve (cached for offline use like the price list). Null
 * when it cannot be fetched: the booking screen then lets the server judge the place.
 */
export function serviceAreaQuery() {
  return queryOptions({
    queryKey: serviceAreaKeys.all,
    queryFn: async (): Promise<ServiceArea | null> => {
      try {
        return (await readQueryData<ServiceArea>(http.get('client/service-area'))).data;
      } catch {
        return null;
      }
    },
    staleTime: 60 * 60 * 1000,
  });
}
