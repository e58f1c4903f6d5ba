import { describe, expect, it } from 'vitest';
import { MAP_UNAVAILABLE, nextTileStatus, type TileEvent, type TileStatus } from '../../../src/features/maps/tile-status';

const after = (events: TileEvent[], from: TileStatus = 'waiting') => events.reduce(nextTileStatus, from);

describe("'Map unavailable - showing approximate position'", () => {
  it('an error or nothing at all before any tile loaded is a failure', () => {
    expect(after(['error'])).toBe('failed');
    expect(after(['timed-out'])).toBe('failed');
    expect(MAP_UNAVAILABLE).toBe('Map unavailable - showing approximate position');
  });

  it('one tile that loads is enough: later errors and the time-out change nothing', () => {
    expect(after(['tile-loaded', 'error', 'timed-out'])).toBe('loaded');
    expect(after(['error', 'tile-loaded'])).toBe('loaded');
  });

  it('stays waiting until something happens', () => {
    expect(after([])).toBe('waiting');
  });
});
