import './offline-marker.css';
import { formatLastUpdated } from '../shared/cached-responses';

/** 'Offline - last updated <time>' under data served from the device (cachedAt set); nothing for fresh data. */
export function OfflineMarker({ cachedAt, className }: { cachedAt: number | null | undefined; className?: string }) {
  if (cachedAt === null || cachedAt === undefined) return null;
  return (
    <p className={className ? `offline-marker ${className}` : 'offline-marker'} data-testid="offline-marker">
      {formatLastUpdated(cachedAt)}
    </p>
  );
}
