/**
 * The board's live map (MapLibre, the client's style: src/lib/map-style.ts) of online drivers
 * and the table's tasks; loaded lazily, so the table paints first. It fits every marker when they first
 * arrive, and again whenever one falls outside the view (a new task, a driver who moved away),
 * so the dispatcher's own pan and zoom stay while everything is in sight. Without tiles
 * (offline, tests) the markers still show over the plain background. A task's pin is a button:
 * it picks the task's row in the table; a driver's pin fades as their position ages.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapView, { type MapRef, Marker, NavigationControl } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { ROUTE_ZOOM, mapStyle } from '../../lib/map-style';
import { useNow } from '../../lib/use-now';
import type { Driver, TaskSummary } from '../api';
import { type LngLat, boundsOf, freshness, waitedFor } from '../rules';

maplibregl.setWorkerUrl(workerUrl);

/** Lagos, where the service runs: the view until the first markers arrive. */
const CENTER = { longitude: 3.3792, latitude: 6.5244, zoom: 10.5 };
/** Room around the outermost markers (pins are 16 px wide), and no closer than a street's zoom for one marker. */
const FIT = { padding: 32, maxZoom: ROUTE_ZOOM, duration: 0 };

export default function BoardMap({
  tasks,
  drivers,
  selected,
  onSelect,
}: {
  tasks: TaskSummary[];
  drivers: Driver[];
  selected: string | null;
  onSelect: (taskId: string) => void;
}) {
  const map = useRef<MapRef>(null);
  const fitted = useRef(false);
  const now = useNow();
  const online = drivers.filter((driver) => driver.online && driver.location);
  const placed = tasks.filter((task) => task.location);
  const points = useMemo(
    () => [
      ...tasks.flatMap((task) => (task.location ? [task.location] : [])),
      ...drivers.flatMap((driver) => (driver.online && driver.location ? [driver.location] : [])),
    ],
    [tasks, drivers],
  );
  const showAll = useCallback((all: LngLat[]) => {
    const view = map.current;
    const bounds = boundsOf(all);
    if (!view || !bounds) return;
    const shown = view.getBounds();
    if (fitted.current && all.every((point) => shown.contains(point))) return;
    fitted.current = true;
    view.fitBounds(bounds, FIT);
  }, []);
  // Each refresh: the markers may have moved out of sight (the map may still be loading: onLoad fits then).
  useEffect(() => showAll(points), [showAll, points]);
  return (
    <section className="ops-map-box" aria-label={`Map: ${placed.length} tasks, ${online.length} online drivers`}>
      <div className="ops-map">
        <MapView
          ref={map}
          initialViewState={CENTER}
          mapStyle={mapStyle()}
          style={{ width: '100%', height: '100%' }}
          onLoad={() => showAll(points)}
        >
          <NavigationControl showCompass={false} />
          {placed.map((task) => (
            <Marker key={`task-${task.id}`} longitude={task.location![0]} latitude={task.location![1]}>
              <button
                type="button"
                className={`ops-pin ops-pin-task${task.driver ? ' has-driver' : ''}${task.id === selected ? ' is-selected' : ''}`}
                title={`${task.service.name}, ${task.address}`}
                aria-label={`Show ${task.service.name} at ${task.address} in the table`}
                aria-pressed={task.id === selected}
                onClick={() => onSelect(task.id)}
              />
            </Marker>
          ))}
          {online.map((driver) => (
            <Marker key={`driver-${driver.id}`} longitude={driver.location![0]} latitude={driver.location![1]}>
              <span
                role="img"
                className={`ops-pin ops-pin-driver${driver.busy ? ' is-busy' : ''} is-${freshness(driver.locationUpdatedAt, now)}`}
                title={driver.name}
                aria-label={`${driver.name}, ${driver.busy ? 'busy' : 'free'}, position ${waitedFor(driver.locationUpdatedAt, now)} old`}
              />
            </Marker>
          ))}
        </MapView>
      </div>
      <ul className="ops-legend" aria-label="Legend">
        <li>
          <span className="ops-pin ops-pin-task" /> Task waiting for a driver
        </li>
        <li>
          <span className="ops-pin ops-pin-task has-driver" /> Task with a driver
        </li>
        <li>
          <span className="ops-pin ops-pin-driver" /> Driver, free
        </li>
        <li>
          <span className="ops-pin ops-pin-driver is-busy" /> Driver, busy
        </li>
        <li>
          <span className="ops-pin ops-pin-driver is-stale" /> Position over 10 minutes old
        </li>
      </ul>
    </section>
  );
}
