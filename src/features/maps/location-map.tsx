/**
 * The MapLibre map of a chosen place, loaded lazily so only map screens download MapLibre.
 * The pin can be dragged, moved by a tap or by the arrow keys; when tiles cannot load the marker still shows,
 * with 'Map unavailable - showing approximate position' (docs/product.md, 'Choosing the place
 * of a task').
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapView, { Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import { offsetByMeters } from '../../shared/geo';
import { LocationMarker } from './location-marker';
import { MapUnavailableNotice } from './map-unavailable-notice';
import { SELECTION_ZOOM, mapStyle } from '../../lib/map-style';
import type { LatLng } from './place-search';
import { TILE_WAIT_MS, nextTileStatus, type TileEvent, type TileStatus } from './tile-status';

maplibregl.setWorkerUrl(workerUrl);

export interface LocationMapProps {
  location: LatLng;
  /** Shown over the map when its tiles cannot load. */
  address?: string;
  /** The pin was dragged or the map tapped; false when the screen refuses the point (the pin goes back). */
  onMove?: (point: LatLng) => boolean;
}

const samePoint = (a: LatLng | null, b: LatLng) => a !== null && a.lat === b.lat && a.lng === b.lng;

/** Arrow keys move the pin: metres north and east per step, and the word announced. */
const KEY_STEPS: Record<string, { north: number; east: number; towards: string }> = {
  ArrowUp: { north: 1, east: 0, towards: 'north' },
  ArrowDown: { north: -1, east: 0, towards: 'south' },
  ArrowRight: { north: 0, east: 1, towards: 'east' },
  ArrowLeft: { north: 0, east: -1, towards: 'west' },
};

export default function LocationMap({ location, address, onMove }: LocationMapProps) {
  const map = useRef<MapRef>(null);
  const marker = useRef<maplibregl.Marker>(null);
  /** The last point the map itself reported: the map is already there, no need to fly. */
  const movedTo = useRef<LatLng | null>(null);
  /**
   * Where the pin is while it is being dragged. The marker takes its position from its props
   * at every render, so without this a render during a drag (a read answering, a tile
   * arriving) put the pin back where it was, and the drag ended on the old point.
   */
  const [dragging, setDragging] = useState<LatLng | null>(null);
  const pin = dragging ?? location;
  const [tiles, setTiles] = useState<TileStatus>('waiting');
  const tileEvent = (event: TileEvent) => setTiles((status) => nextTileStatus(status, event));

  // biome-ignore lint/correctness/useExhaustiveDependencies: fly only when the point changes, not when the parent passes an equal object anew.
  useEffect(() => {
    if (samePoint(movedTo.current, location)) return;
    map.current?.flyTo({ center: [location.lng, location.lat], zoom: SELECTION_ZOOM, essential: true });
  }, [location.lat, location.lng]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one time-out per mount; tileEvent only calls the stable state setter.
  useEffect(() => {
    const timer = setTimeout(() => tileEvent('timed-out'), TILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  // The notice takes room from the map and gives it back: resize it in the same task, before
  // anything reads the page, so the pin is never left for a moment where the notice is or was
  // (MapLibre's own resize waits for its ResizeObserver).
  useLayoutEffect(() => {
    if (tiles === 'failed' || tiles === 'loaded') map.current?.getMap().resize();
  }, [tiles]);

  const [announcement, setAnnouncement] = useState('');
  // Arrow keys: 10 m a press, 100 m with Shift; the map follows the pin.
  const nudge = (event: ReactKeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step || !onMove) return;
    event.preventDefault();
    event.stopPropagation();
    const meters = event.shiftKey ? 100 : 10;
    const next = offsetByMeters(location, step.north * meters, step.east * meters);
    move(next);
    map.current?.panTo([next.lng, next.lat], { duration: 0 });
    setAnnouncement(`Pin moved ${meters} m ${step.towards}`);
  };

  const move = (point: LatLng) => {
    if (!onMove) return;
    movedTo.current = point;
    if (!onMove(point)) {
      movedTo.current = null;
      marker.current?.setLngLat([location.lng, location.lat]);
    }
  };

  return (
    <>
      {/* data-tile-status: 'waiting', 'loaded' or 'failed', for the end-to-end tests and for looking at a page. */}
      <div className="location-map-frame" data-tile-status={tiles}>
        <MapView
          ref={map}
          mapLib={maplibregl}
          initialViewState={{ longitude: location.lng, latitude: location.lat, zoom: SELECTION_ZOOM }}
          mapStyle={mapStyle()}
          style={{ width: '100%', height: '100%' }}
          attributionControl={{ compact: true }}
          cursor={onMove ? 'crosshair' : undefined}
          onClick={(event) => move({ lat: event.lngLat.lat, lng: event.lngLat.lng })}
          onData={(event) => {
            if (event.dataType === 'source' && 'tile' in event && event.tile) tileEvent('tile-loaded');
          }}
          // Tile and style errors (offline, blocked, no network in tests) are expected: the notice says so.
          onError={() => tileEvent('error')}
        >
          <NavigationControl position="top-right" showCompass={false} />
          <Marker
            ref={marker}
            longitude={pin.lng}
            latitude={pin.lat}
            anchor="bottom"
            draggable={Boolean(onMove)}
            onDrag={(event) => setDragging({ lat: event.lngLat.lat, lng: event.lngLat.lng })}
            onDragEnd={(event) => {
              setDragging(null);
              move({ lat: event.lngLat.lat, lng: event.lngLat.lng });
            }}
          >
            <LocationMarker onKeyDown={onMove ? nudge : undefined} />
          </Marker>
        </MapView>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </div>
      {/* Under the map, not over it: it never covers the pin. */}
      {tiles === 'failed' ? <MapUnavailableNotice address={address} /> : null}
    </>
  );
}
