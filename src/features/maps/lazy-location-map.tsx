import { Component, Suspense, lazy, type ReactNode } from 'react';
import { LocationMarker } from './location-marker';
import type { LatLng } from './place-search';
import './maps.css';

const LocationMap = lazy(() => import('./location-map'));

/** Starts downloading MapLibre before a place is chosen (e.g. when the address field gets focus), without showing it. */
export function prefetchLocationMap(): void {
  void import('./location-map').catch(() => undefined);
}

/** Without WebGL (or if MapLibre fails to load) the marker still shows, on the plain background. */
function PlainMap() {
  return (
    <div className="plain-map">
      <LocationMarker />
    </div>
  );
}

class MapErrorBoundary extends Component<{ children: ReactNode }, { hasError: boolean }> {
  state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  render() {
    return this.state.hasError ? <PlainMap /> : this.props.children;
  }
}

/** The map of a chosen place, loaded on demand. */
export function LazyLocationMap({ location }: { location: LatLng }) {
  return (
    <div className="location-map">
      <MapErrorBoundary>
        <Suspense fallback={<PlainMap />}>
          <LocationMap location={location} />
        </Suspense>
      </MapErrorBoundary>
    </div>
  );
}
