import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LatLng } from '../../shared/driver-location';
import { DIRECTIONS_FAILED, type Directions, type Route } from './directions';

export type RouteState =
  | { status: 'idle' }
  | { status: 'loading'; route: Route | null }
  | { status: 'ready'; route: Route }
  | { status: 'error'; message: string };

/** ~1 m: a location refresh that did not move the driver asks for no new route. */
const keyOf = (point: LatLng) => `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`;

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
    queryKey: ['route', from ? keyOf(from) : null, to ? keyOf(to) : null] as const,
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
