/**
 * Builds public/data/ng-places.json, the offline gazetteer the address search uses when no
 * Google key is configured: Nigeria's states and its cities and towns with coordinates,
 * from the open data package `country-state-city` (a dev dependency; the app never imports
 * it). LGAs are not included: the package has no coordinates for them.
 *
 *   npx tsx scripts/build-gazetteer.ts
 *
 * Format (short keys to keep the file small; coordinates rounded to 4 decimals, ~11 m):
 *   { "v": 1, "src": "...", "s": [[stateCode, name, lat, lng], ...], "c": [[name, stateCode, lat, lng], ...] }
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { City, State } from 'country-state-city';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const output = resolve(root, 'public/data/ng-places.json');

const round = (value: string) => Math.round(Number(value) * 1e4) / 1e4;
const hasCoordinates = (place: { latitude?: string | null; longitude?: string | null }) =>
  Number.isFinite(Number(place.latitude)) && Number.isFinite(Number(place.longitude)) && place.latitude !== '' && place.longitude !== '';

const { version } = JSON.parse(readFileSync(resolve(root, 'node_modules/country-state-city/package.json'), 'utf8')) as { version: string };

const states = State.getStatesOfCountry('NG')
  .filter(hasCoordinates)
  .map((state) => [state.isoCode, state.name.replace(/ State$/, ''), round(state.latitude!), round(state.longitude!)] as const)
  .sort((a, b) => a[1].localeCompare(b[1]));
const stateCodes = new Set(states.map(([code]) => code));

const seen = new Set<string>();
const cities = (City.getCitiesOfCountry('NG') ?? [])
  .filter((city) => hasCoordinates(city) && stateCodes.has(city.stateCode))
  .map((city) => [city.name, city.stateCode, round(city.latitude!), round(city.longitude!)] as const)
  .filter(([name, state]) => {
    const key = `${name}|${state}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  })
  .sort((a, b) => a[0].localeCompare(b[0]));

const json = JSON.stringify({ v: 1, src: `country-state-city ${version} (GPL-3.0), data from dr5hn/countries-states-cities-database (ODbL-1.0)`, s: states, c: cities });
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, `${json}\n`);
console.log(`${output}: ${states.length} states, ${cities.length} cities and towns, ${(json.length / 1024).toFixed(1)} kB`);
