import { MAP_UNAVAILABLE } from './tile-status';

/** Under a map whose tiles cannot load: says so, and keeps the chosen address readable. */
export function MapUnavailableNotice({ address }: { address?: string }) {
  return (
    <div className="map-unavailable" role="status">
      <p className="map-unavailable-title">{MAP_UNAVAILABLE}</p>
      {address ? <p className="map-unavailable-address">{address}</p> : null}
    </div>
  );
}
