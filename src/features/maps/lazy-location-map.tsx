import { Suspense, lazy } from 'react';
import { LocationMarker } from './location-marker';
import { MapErrorBoundary } from './map-error-boundary';
import type { LocationMapProps } from './location-map';
import { MapUnavailableNotice } from './map-unavailable-notice';
import './maps.css';

const LocationMap = lazy(() => import('./location-map'));

/** Starts downloading MapLibre before a place is chosen (e.g. when the address field gets focus), without showing it. */
export function prefetchLocationMap(): void {
  void import('./location-map').catch(() => undefined);
}

/** While MapLibre loads, and without WebGL (or if MapLibre fails to load), the marker still shows on the plain background. */
function PlainMap({ unavailable, address }: { unavailable?: boolean; address?: string }) {
  return (
    <>
      <div className="plain-map">
        <LocationMarker />
      </div>
      {unavailable ? <MapUnavailableNotice address={address} /> : null}
    </>
  );
}

/** The map of a chosen place, loaded on demand; with `onMove`, the pin can be dragged and the map tapped. */
export function LazyLocationMap(props: LocationMapProps) {
  return (
    <div className="location-map">
      <MapErrorBoundary fallback={<PlainMap unavailable address={props.address} />}>
        <Suspense fallback={<PlainMap />}>
          <LocationMap {...props} />
        </Suspense>
      </MapErrorBoundary>
    </div>
  );
}
