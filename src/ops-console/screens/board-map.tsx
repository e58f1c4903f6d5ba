/**
 * The board's live map (MapLibre, the client's style: src/lib/map-style.ts) of online drivers
 * and open tasks; loaded lazily, so the columns paint first. Without tiles (offline, tests) the
 * markers still show over the plain background.
 */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapView, { Marker, NavigationControl } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapStyle } from '../../lib/map-style';
import type { Driver, TaskSummary } from '../api';

maplibregl.setWorkerUrl(workerUrl);

/** Lagos, where the service runs. */
const CENTER = { longitude: 3.3792, latitude: 6.5244, zoom: 10.5 };

export default function BoardMap({ tasks, drivers }: { tasks: TaskSummary[]; drivers: Driver[] }) {
  const online = drivers.filter((driver) => driver.online && driver.location);
  const placed = tasks.filter((task) => task.location);
  return (
    <section className="ops-map" aria-label={`Map: ${placed.length} open tasks, ${online.length} online drivers`}>
      <MapView initialViewState={CENTER} mapStyle={mapStyle()} style={{ width: '100%', height: '100%' }}>
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
