import { useEffect, useState } from 'react';
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
 * The route from `from` to `to`, asked again when either moves. Without both locations no
 * route is requested (docs/product.md, Driver and chat) and the state stays idle. `attempt` asks again after
 * an error.
 */
export function useRoute(directions: Directions, from: LatLng | null, to: LatLng | null, attempt = 0): RouteState {
  const [state, setState] = useState<RouteState>({ status: 'idle' });
  const fromKey = from ? keyOf(from) : null;
  const toKey = to ? keyOf(to) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: points are compared by value (rounded keys), not by object identity; attempt asks again after an error.
  useEffect(() => {
    if (!from || !to) {
      setState({ status: 'idle' });
      return;
    }
    let isCurrent = true;
    setState((previous) => ({ status: 'loading', route: previous.status === 'ready' ? previous.route : null }));
    directions.route(from, to).then(
      (route) => {
        if (isCurrent) setState({ status: 'ready', route });
      },
      (error: unknown) => {
        if (isCurrent)
          setState({
            status: 'error',
            message: error instanceof Error && error.message ? error.message : DIRECTIONS_FAILED,
          });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [directions, fromKey, toKey, attempt]);

  return state;
}
