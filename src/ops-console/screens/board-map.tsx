/**
 * The board's live map (MapLibre, the client's style: src/lib/map-style.ts) of online drivers
 * and open tasks; loaded lazily, so the columns paint first. It fits every marker when they first
 * arrive, and again whenever one falls outside the view (a new task, a driver who moved away),
 * so the dispatcher's own pan and zoom stay while everything is in sight. Without tiles
 * (offline, tests) the markers still show over the plain background.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapView, { type MapRef, Marker, NavigationControl } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { ROUTE_ZOOM, mapStyle } from '../../lib/map-style';
import type { Driver, TaskSummary } from '../api';
import { type LngLat, boundsOf } from '../rules';

maplibregl.setWorkerUrl(workerUrl);

/** Lagos, where the service runs: the view until the first markers arrive. */
const CENTER = { longitude: 3.3792, latitude: 6.5244, zoom: 10.5 };
/** Room around the outermost markers (pins are 16 px wide), and no closer than a street's zoom for one marker. */
const FIT = { padding: 32, maxZoom: ROUTE_ZOOM, duration: 0 };

export default function BoardMap({ tasks, drivers }: { tasks: TaskSummary[]; drivers: Driver[] }) {
  const map = useRef<MapRef>(null);
  const fitted = useRef(false);
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
    <section className="ops-map" aria-label={`Map: ${placed.length} open tasks, ${online.length} online drivers`}>
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
            <span className="ops-pin ops-pin-task" title={`${task.service.name}, ${task.address}`} />
          </Marker>
        ))}
        {online.map((driver) => (
          <Marker key={`driver-${driver.id}`} longitude={driver.location![0]} latitude={driver.location![1]}>
            <span className={`ops-pin ops-pin-driver${driver.busy ? ' is-busy' : ''}`} title={driver.name} />
          </Marker>
        ))}
      </MapView>
    </section>
  );
}
