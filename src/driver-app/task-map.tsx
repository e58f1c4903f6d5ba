/** The task's pin on a MapLibre map (the client app's tiles and style), loaded lazily. */
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import MapView, { Marker } from 'react-map-gl/maplibre';
import 'maplibre-gl/dist/maplibre-gl.css';
import { mapStyle } from '../lib/map-style';

maplibregl.setWorkerUrl(workerUrl);

export default function TaskMap({ lat, lng }: { lat: number; lng: number }) {
  return (
    <MapView
      initialViewState={{ latitude: lat, longitude: lng, zoom: 15 }}
      mapStyle={mapStyle()}
      style={{ width: '100%', height: '100%' }}
      attributionControl={{ compact: true }}
      // Tiles that cannot load (offline) leave the plain background and the pin.
      onError={() => undefined}
    >
      <Marker latitude={lat} longitude={lng} anchor="bottom" color="#15803d" />
    </MapView>
  );
}
