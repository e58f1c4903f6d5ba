import { describe, expect, it } from 'vitest';
import {
  MAP_UNAVAILABLE,
  nextTileStatus,
  type TileEvent,
  type TileStatus,
} from '../../../src/features/maps/tile-status';

const statusAfter = (events: TileEvent[], from: TileStatus = 'waiting') => events.reduce(nextTileStatus, from);

describe("'Map unavailable - showing approximate position'", () => {
  it('an error or nothing at all before any tile loaded is a failure', () => {
    expect(statusAfter(['error'])).toBe('failed');
    expect(statusAfter(['timed-out'])).toBe('failed');
    expect(MAP_UNAVAILABLE).toBe('Map unavailable - showing approximate position');
  });

  it('one tile that loads is enough: later errors and the time-out change nothing', () => {
    expect(statusAfter(['tile-loaded', 'error', 'timed-out'])).toBe('loaded');
    expect(statusAfter(['error', 'tile-loaded'])).toBe('loaded');
  });

  it('stays waiting until something happens', () => {
    expect(statusAfter([])).toBe('waiting');
  });
});
