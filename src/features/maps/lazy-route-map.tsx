import { Suspense, lazy } from 'react';
import type { LatLng, RouteMode } from '../../shared/driver-location';
import { useOnline } from '../../lib/use-online';
import { formatDistance, formatDuration } from '../../shared/geo';
import type { Directions } from './directions';
import { MapErrorBoundary } from './map-error-boundary';
import { createDirections } from './configured-directions';
import { DriverMarker, TaskMarker } from './route-markers';
import { useRoute, type RouteState } from './use-route';
import './maps.css';
import './route-map.css';

const RouteMap = lazy(() => import('./route-map'));

/** One directions adapter for the app (Google with a key, else the straight line). */
let sharedDirections: Directions | undefined;
const appDirections = () => (sharedDirections ??= createDirections());

/** Without WebGL (or if MapLibre fails to load) both markers still show, on the plain background. */
function PlainRouteMap({ driver, task }: { driver: LatLng | null; task: LatLng | null }) {
  return (
    <div className="plain-map plain-route-map">
      {driver ? <DriverMarker /> : null}
      {task ? <TaskMarker /> : null}
    </div>
  );
}

/** Offline the driver's position cannot be read: say so, rather than seem to wait for it. */
export const DRIVER_LOCATION_OFFLINE = "You're offline - the driver's location can't be updated";

function RouteBadges({
  state,
  driver,
  task,
  isOnline,
  mode,
}: {
  state: RouteState;
  driver: LatLng | null;
  task: LatLng | null;
  isOnline: boolean;
  mode: RouteMode;
}) {
  // Over, not assigned yet, or arrived: nothing to wait for and no 'Distance 0 m' (the state above says it).
  if (mode !== 'live') return null;
  const route = state.status === 'ready' ? state.route : state.status === 'loading' ? state.route : null;
  const distance = route ? formatDistance(route.distanceMeters) : '…';
  const duration = route ? formatDuration(route.durationSeconds) : '…';
  if (!task) return <p className="route-badges-note">No task location: no route to show.</p>;
  if (!driver)
    return isOnline ? (
      <p className="route-badges-note">Waiting for the driver's location…</p>
    ) : (
      <p className="route-badges-note route-offline-note">{DRIVER_LOCATION_OFFLINE}</p>
    );
  return (
    <>
      {isOnline ? null : <p className="route-badges-note route-offline-note">{DRIVER_LOCATION_OFFLINE}</p>}
      <ul className="route-badges" aria-label="Route">
        <li className="route-badge" aria-label={`Distance ${route?.isApproximate ? 'about ' : ''}${distance}`}>
          <span className="route-badge-label">Distance</span> {route?.isApproximate ? '≈ ' : ''}
          {distance}
        </li>
        <li className="route-badge" aria-label={`Duration ${route?.isApproximate ? 'about ' : ''}${duration}`}>
          <span className="route-badge-label">Duration</span> {route?.isApproximate ? '≈ ' : ''}
          {duration}
        </li>
        {route?.isApproximate ? (
          <li
            className="route-badge route-badge-note"
            title="Straight line from the driver to the task, with an estimated driving time"
          >
            Approximate
          </li>
        ) : null}
      </ul>
    </>
  );
}

export interface LazyRouteMapProps {
  driver: LatLng | null;
  task: LatLng | null;
  /** Where the trip is ('live' by default): only a live one shows distance and time. */
  mode?: RouteMode;
  /** Tests pass their own; the app uses the adapter of its build. */
  directions?: Directions;
}

/** The task's route map with its distance and duration badges; MapLibre is loaded on demand. */
export function LazyRouteMap({ driver, task, directions, mode = 'live' }: LazyRouteMapProps) {
  const isOnline = useOnline();
  const { state, retry } = useRoute(directions ?? appDirections(), driver, task);
  const path =
    state.status === 'ready' ? state.route.path : state.status === 'loading' ? (state.route?.path ?? null) : null;
  const plain = <PlainRouteMap driver={driver} task={task} />;

  return (
    <div className="route-map">
      <div className="location-map route-map-canvas">
        <MapErrorBoundary fallback={plain}>
          <Suspense fallback={plain}>
            <RouteMap driver={driver} task={task} path={path} />
          </Suspense>
        </MapErrorBoundary>
      </div>
      {state.status === 'error' ? (
        <p className="route-map-error" role="alert">
          {state.message}{' '}
          <button type="button" className="route-map-retry" onClick={retry}>
            Try again
          </button>
        </p>
      ) : (
        <RouteBadges state={state} driver={driver} task={task} isOnline={isOnline} mode={mode} />
      )}
    </div>
  );
}

/** Starts downloading MapLibre early (e.g. when the dashboard shows a viewable task), without showing it. */
export function prefetchRouteMap(): void {
  void import('./route-map').catch(() => undefined);
}
