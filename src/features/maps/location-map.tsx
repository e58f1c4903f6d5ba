/**
 * The MapLibre map of a chosen place (react-map-gl). Loaded lazily (see lazy-location-map),
 * so only map screens download MapLibre. Tiles that cannot load leave the plain background;
 * the marker is a DOM element and always shows.
 */
import { useEffect, useRef } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapView, { Marker, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-controls.css';
import { LocationMarker } from './location-marker';
import { SELECTION_ZOOM, mapStyle } from './map-style';
import type { LatLng } from './place-search';

maplibregl.setWorkerUrl(workerUrl);

export default function LocationMap({ location }: { location: LatLng }) {
  const map = useRef<MapRef>(null);

  useEffect(() => {
    map.current?.flyTo({ center: [location.lng, location.lat], zoom: SELECTION_ZOOM, essential: true });
  }, [location.lat, location.lng]);

  return (
    <MapView
      ref={map}
      mapLib={maplibregl}
      initialViewState={{ longitude: location.lng, latitude: location.lat, zoom: SELECTION_ZOOM }}
      mapStyle={mapStyle()}
      style={{ width: '100%', height: '100%' }}
      attributionControl={{ compact: true }}
      // Tile and style errors (offline, no network in tests) are expected: the background and marker remain.
      onError={() => undefined}
    >
      <NavigationControl position="top-right" showCompass={false} />
      <Marker longitude={location.lng} latitude={location.lat} anchor="bottom">
        <LocationMarker />
      </Marker>
    </MapView>
  );
}
