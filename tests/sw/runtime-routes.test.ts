import { describe, expect, it } from 'vitest';
import { isMapTile, isStaticData } from '../../sw/runtime-routes';

describe('runtime caches of the service worker', () => {
  it('map tiles: OpenStreetMap tiles and z/x/y tile paths of a configured style', () => {
    expect(isMapTile(new URL('https://tile.openstreetmap.org/15/16190/15650.png'))).toBe(true);
    expect(isMapTile(new URL('https://a.tile.openstreetmap.org/3/1/2.png'))).toBe(true);
    expect(isMapTile(new URL('https://tiles.example/v4/12/2100/1900@2x.webp'))).toBe(true);
    expect(isMapTile(new URL('https://tiles.example/data/v3/12/2100/1900.pbf'))).toBe(true);
    expect(isMapTile(new URL('https://app.example/assets/index-abc.js'))).toBe(false);
    expect(isMapTile(new URL('https://app.example/client/task'))).toBe(false);
  });

  it('static data: the gazetteer file and other public/data JSON', () => {
    expect(isStaticData('/data/ng-places.json')).toBe(true);
    expect(isStaticData('/client/task')).toBe(false);
    expect(isStaticData('/data/../secret.json')).toBe(false);
  });
});
