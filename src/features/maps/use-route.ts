import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LatLng } from '../../shared/driver-location';
import { routeKeys } from './api/route-keys';
import { DIRECTIONS_FAILED, type Directions, type Route } from './directions';

export type RouteState =
  | { status: 'idle' }
  | { status: 'loading'; route: Route | null }
  | { status: 'ready'; route: Route }
  | { status: 'error'; message: string };

/**
 * The route from `from` to `to`, asked again when either moves (the previous route shows
 * meanwhile). Without both locations no route is requested (docs/product.md, Driver and chat)
 * and the state stays idle. `retry` asks again after an error.
 */
export function useRoute(
  directions: Directions,
  from: LatLng | null,
  to: LatLng | null,
): { state: RouteState; retry: () => void } {
  const query = useQuery({
    queryKey: routeKeys.between(from, to),
    queryFn: () => directions.route(from!, to!),
    enabled: from !== null && to !== null,
    placeholderData: keepPreviousData,
    // A route does not change by itself: only a move asks for a new one.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const retry = () => void query.refetch();
  if (!from || !to) return { state: { status: 'idle' }, retry };
  if (query.isError) {
    const { error } = query;
    return { state: { status: 'error', message: error.message || DIRECTIONS_FAILED }, retry };
  }
  if (query.isPending || query.isPlaceholderData)
    return { state: { status: 'loading', route: query.data ?? null }, retry };
  return { state: { status: 'ready', route: query.data }, retry };
}
