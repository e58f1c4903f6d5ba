/**
 * Whether the map's tiles could be shown, for 'Map unavailable - showing approximate
 * position' (offline with no kept tiles, tiles blocked, a style that does not load): one tile
 * that loads is enough to count as shown; an error, or nothing at all after TILE_WAIT_MS,
 * before any tile loaded is a failure. A tile that loads later (the network is back) clears it.
 */
export type TileStatus = 'waiting' | 'loaded' | 'failed';
export type TileEvent = 'tile-loaded' | 'error' | 'timed-out';

export const TILE_WAIT_MS = 10_000;
export const MAP_UNAVAILABLE = 'Map unavailable - showing approximate position';

export function nextTileStatus(status: TileStatus, event: TileEvent): TileStatus {
  if (event === 'tile-loaded') return 'loaded';
  if (status === 'loaded') return 'loaded';
  if (event === 'error') return 'failed';
  return status === 'waiting' ? 'failed' : status;
}
