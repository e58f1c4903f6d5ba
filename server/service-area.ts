/** The area the server serves: the default outlines in server/data/service-area.json, or the operator's file (SERVICE_AREA_FILE). */
import { readFileSync } from 'node:fs';
import { isMultiPolygon, type ServiceArea } from '../src/shared/service-area';
import { ConfigError } from './config';
import defaultArea from './data/service-area.json' with { type: 'json' };

/** A GeoJSON Feature (or FeatureCollection of one) with a MultiPolygon; `properties.name` says where ('Lagos and Abuja'). */
export function parseServiceArea(json: unknown, source: string): ServiceArea {
  const feature =
    (json as { type?: string; features?: unknown[] })?.type === 'FeatureCollection'
      ? (json as { features: unknown[] }).features[0]
      : json;
  const geometry = (feature as { geometry?: unknown })?.geometry ?? feature;
  const name = (feature as { properties?: { name?: unknown } })?.properties?.name;
  if (!isMultiPolygon(geometry))
    throw new ConfigError(`SERVICE_AREA_FILE ${source} must hold a GeoJSON MultiPolygon (a Feature, or its geometry).`);
  return { area: geometry, name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : 'our area' };
}

export function loadServiceArea(file: string | undefined): ServiceArea {
  if (!file) return parseServiceArea(defaultArea, 'server/data/service-area.json');
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`SERVICE_AREA_FILE ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  return parseServiceArea(json, file);
}
