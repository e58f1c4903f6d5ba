/**
 * The MapLibre route map of a task (react-map-gl), loaded lazily (see lazy-route-map): marker
 * A (driver), marker B (task) and the route line. It opens at zoom 14 (docs/product.md, Constants) on the
 * two markers, zooming out only as far as needed to show both; later driver moves move
 * marker A without moving the map. Tiles that cannot load leave the plain background.
 */
import { useEffect, useMemo, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapView, { Layer, Marker, NavigationControl, Source, type MapRef } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import type { LatLng } from '../../shared/driver-location';
import { ROUTE_ZOOM, mapStyle } from '../../lib/map-style';
import { DriverMarker, TaskMarker } from './route-markers';

maplibregl.setWorkerUrl(workerUrl);

export interface RouteMapProps {
  driver: LatLng | null;
  task: LatLng | null;
  path: LatLng[] | null;
}

/** Room for the pins (anchored at their tip, 42 px tall) and the badges over the top edge. */
const FIT_PADDING = { top: 96, bottom: 24, left: 48, right: 56 };

function boundsOf(points: LatLng[]): [[number, number], [number, number]] {
  const lngs = points.map((point) => point.lng);
  const lats = points.map((point) => point.lat);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

export default function RouteMap({ driver, task, path }: RouteMapProps) {
  const map = useRef<MapRef>(null);
  const hasFitted = useRef(false);
  const center = task ?? driver;

  const fitBoth = (measure = true) => {
    const view = map.current;
    if (hasFitted.current || !view || !driver || !task) return;
    // The container may have been measured before the modal's styles applied: wait until it has its real size.
    if (measure) view.resize();
    const { clientWidth, clientHeight } = view.getContainer();
    if (
      clientHeight < FIT_PADDING.top + FIT_PADDING.bottom + 40 ||
      clientWidth < FIT_PADDING.left + FIT_PADDING.right + 40
    )
      return;
    hasFitted.current = true;
    view.fitBounds(boundsOf([driver, task]), { padding: FIT_PADDING, maxZoom: ROUTE_ZOOM, duration: 0 });
  };
  // Fit once both places are known (the driver's location arrives after the map opens).
  // biome-ignore lint/correctness/useExhaustiveDependencies: fitBoth reads driver and task, which are the trigger; it is a new function every render.
  useEffect(() => fitBoth(), [driver, task]);

  const line = useMemo(
    () =>
      path && path.length > 1
        ? {
            type: 'Feature' as const,
            properties: {},
            geometry: { type: 'LineString' as const, coordinates: path.map((point) => [point.lng, point.lat]) },
          }
        : null,
    [path],
  );

  if (!center) return null;
  return (
    <MapView
      ref={map}
      mapLib={maplibregl}
      initialViewState={{ longitude: center.lng, latitude: center.lat, zoom: ROUTE_ZOOM }}
      mapStyle={mapStyle()}
      style={{ width: '100%', height: '100%' }}
      attributionControl={{ compact: true }}
      onLoad={() => fitBoth()}
      // A resize event must not measure again (resize() itself fires one).
      onResize={() => fitBoth(false)}
      // Tile and style errors (offline, no network in tests) are expected: the background, markers and line remain.
      onError={() => undefined}
    >
      <NavigationControl position="top-right" showCompass={false} />
      {line ? (
        <Source id="route" type="geojson" data={line}>
          <Layer
            id="route-line"
            type="line"
            layout={{ 'line-cap': 'round', 'line-join': 'round' }}
            paint={{ 'line-color': '#15803d', 'line-width': 5, 'line-opacity': 0.85 }}
          />
        </Source>
      ) : null}
      {task ? (
        <Marker longitude={task.lng} latitude={task.lat} anchor="bottom">
          <TaskMarker />
        </Marker>
      ) : null}
      {driver ? (
        <Marker longitude={driver.lng} latitude={driver.lat} anchor="bottom">
          <DriverMarker />
        </Marker>
      ) : null}
    </MapView>
  );
}
