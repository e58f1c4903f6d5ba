/** The maps' style, shared by the client's maps (src/features/maps), the operators' board and the driver's app. */
import type { StyleSpecification } from 'maplibre-gl';
import { config } from '../shared/config';

/** Shown under the tiles, and alone when they cannot load (offline, tests): the markers stay visible. */
export const MAP_BACKGROUND = '#e6eee8';

/** OpenStreetMap raster tiles with attribution, over a plain background. */
const OSM_RASTER_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      maxzoom: 19,
      attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': MAP_BACKGROUND } },
    { id: 'osm', type: 'raster', source: 'osm' },
  ],
};

/** VITE_MAP_STYLE_URL, else the OpenStreetMap raster style. */
export function mapStyle(styleUrl: string | undefined = config.mapStyleUrl): string | StyleSpecification {
  return styleUrl ?? OSM_RASTER_STYLE;
}

/** Zoom after choosing a place (docs/product.md, Constants). */
export const SELECTION_ZOOM = 15;

/** Zoom of the task route map (docs/product.md, Constants). */
export const ROUTE_ZOOM = 14;
