/**
 * The offline gazetteer's rules as pure functions: reading public/data/ng-places.json (made by
 * scripts/build-gazetteer.ts) and ranking its places for typed text (docs/product.md,
 * 'Choosing the place of a task').
 */
import type { LatLng, PlaceSuggestion } from './place-search';

export type GazetteerKind = 'state' | 'town' | 'lga' | 'street' | 'landmark';

export interface GazetteerPlace extends LatLng {
  id: string;
  name: string;
  kind: GazetteerKind;
  /** 'Lagos State' for a place in Lagos; '' for a state. */
  stateName: string;
  /** Streets and landmarks: the district they are in ('Ikeja'); '' for the others. */
  area: string;
  /** Other names people use ('Shoprite Ikeja' for Ikeja City Mall). */
  aliases: readonly string[];
}

type StateRow = [code: string, name: string, lat: number, lng: number];
type TownRow = [name: string, stateCode: string, lat: number, lng: number];
type LandmarkRow = [
  name: string,
  stateCode: string,
  lat: number,
  lng: number,
  kind: 'street' | 'landmark',
  area: string,
  aliases?: string,
];

const KIND_ORDER: Record<GazetteerKind, number> = { state: 0, town: 1, lga: 2, street: 3, landmark: 3 };
/** After the three kinds of name match. */
const WORDS_RANK = 3;

function stateLabel(name: string): string {
  return /capital territory/i.test(name) ? name : `${name} State`;
}

const isRow = (row: unknown): row is [string, string, number, number, ...unknown[]] =>
  Array.isArray(row) &&
  typeof row[0] === 'string' &&
  typeof row[1] === 'string' &&
  Number.isFinite(row[2]) &&
  Number.isFinite(row[3]);
const rowsOf = (rows: unknown) => (Array.isArray(rows) ? rows : []).filter(isRow);

/** The places of the generated file; rows that are not well formed are skipped. */
export function readGazetteer(file: unknown): GazetteerPlace[] {
  const { s, l, c, p } = (file ?? {}) as { s?: unknown; l?: unknown; c?: unknown; p?: unknown };
  const states = rowsOf(s) as StateRow[];
  const names = new Map(states.map(([code, name]) => [code, name]));
  const stateOf = (code: string) => (names.has(code) ? stateLabel(names.get(code)!) : '');
  const places: GazetteerPlace[] = states.map(([code, name, lat, lng]) => ({
    id: `s:${code}`,
    name: stateLabel(name),
    kind: 'state',
    stateName: '',
    area: '',
    aliases: [],
    lat,
    lng,
  }));
  for (const [name, code, lat, lng] of rowsOf(c) as TownRow[])
    places.push({
      id: `c:${code}:${name}`,
      name,
      kind: 'town',
      stateName: stateOf(code),
      area: '',
      aliases: [],
      lat,
      lng,
    });
  for (const [name, code, lat, lng] of rowsOf(l) as TownRow[])
    places.push({
      id: `l:${code}:${name}`,
      name,
      kind: 'lga',
      stateName: stateOf(code),
      area: '',
      aliases: [],
      lat,
      lng,
    });
  for (const [name, code, lat, lng, kind, area, aliases] of rowsOf(p) as LandmarkRow[]) {
    if (kind !== 'street' && kind !== 'landmark') continue;
    const areaName = typeof area === 'string' ? area : '';
    const otherNames = typeof aliases === 'string' && aliases ? aliases.split('|') : [];
    places.push({
      id: `p:${code}:${areaName}:${name}`,
      name,
      kind,
      stateName: stateOf(code),
      area: areaName,
      aliases: otherNames,
      lat,
      lng,
    });
  }
  return places;
}

export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function matchRank(name: string, query: string): number {
  if (name.startsWith(query)) return 0;
  if (name.split(' ').some((word) => word.startsWith(query))) return 1;
  if (name.includes(query)) return 2;
  return -1;
}

/** A house number typed before a street ('22', '15B', 'No. 4'): kept for the address, not searched for. */
const HOUSE_NUMBER = /^\s*(?:no\.?\s*)?(\d{1,5}[a-z]?)\b[\s,]+(?=\S)/i;

/** The house number at the start of typed text ('22' of '22 Awolowo Way'), or ''. */
export function houseNumberOf(query: string): string {
  return HOUSE_NUMBER.exec(query)?.[1]?.toUpperCase() ?? '';
}

/** How many typed words start a word of the name or another name; -1 when some typed word starts no word of the place at all. */
function wordsMatched(place: GazetteerPlace, words: readonly string[]): number {
  const own = [place.name, ...place.aliases].flatMap((name) => normalizeText(name).split(' '));
  const around = normalizeText(`${place.area} ${place.stateName}`).split(' ');
  let inName = 0;
  for (const word of words) {
    if (own.some((candidate) => candidate.startsWith(word))) inName += 1;
    else if (!around.some((candidate) => candidate.startsWith(word))) return -1;
  }
  return inName;
}

/** The best places for typed text, name matches first. Also matches 'Ikeja, Lagos' and '22 Awolowo Way, Ikeja'. */
export function searchGazetteer(places: readonly GazetteerPlace[], query: string, limit = 8): GazetteerPlace[] {
  const [namePart = '', wherePart = ''] = query.split(',').map(normalizeText);
  const words = normalizeText(query.replace(HOUSE_NUMBER, '')).split(' ').filter(Boolean);
  if (namePart === '' && words.length === 0) return [];
  const ranked: { place: GazetteerPlace; rank: number; inName: number }[] = [];
  for (const place of places) {
    let rank = -1;
    if (namePart) {
      for (const name of [place.name, ...place.aliases]) {
        const nameRank = matchRank(normalizeText(name), namePart);
        if (nameRank >= 0 && (rank < 0 || nameRank < rank)) rank = nameRank;
      }
      if (
        rank >= 0 &&
        wherePart &&
        (place.kind === 'state' || !normalizeText(`${place.area} ${place.stateName}`).includes(wherePart))
      )
        rank = -1;
    }
    let inName = 0;
    if (rank < 0 && words.length > 0) {
      inName = wordsMatched(place, words);
      // At least one typed word must name the place: 'lagos' alone does not list every street in Lagos.
      if (inName > 0) rank = WORDS_RANK;
    }
    if (rank >= 0) ranked.push({ place, rank, inName });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.inName - a.inName ||
      KIND_ORDER[a.place.kind] - KIND_ORDER[b.place.kind] ||
      a.place.name.localeCompare(b.place.name),
  );
  return ranked.slice(0, limit).map(({ place }) => place);
}

function placeName(place: GazetteerPlace): string {
  return place.kind === 'lga' ? `${place.name} LGA` : place.name;
}

/** Where a place is: 'Lagos State, Nigeria'; 'Ikeja, Lagos State, Nigeria' for a street or landmark. */
function whereLabel(place: GazetteerPlace): string {
  return place.kind === 'state' ? 'Nigeria' : [place.area, place.stateName, 'Nigeria'].filter(Boolean).join(', ');
}

/** A street's suggestion carries the typed house number ('22 Awolowo Way'); its id keeps it after '#'. */
export function toSuggestion(place: GazetteerPlace, houseNumber = ''): PlaceSuggestion {
  const withNumber = place.kind === 'street' && houseNumber !== '';
  return {
    id: withNumber ? `${place.id}#${houseNumber}` : place.id,
    primary: withNumber ? `${houseNumber} ${placeName(place)}` : placeName(place),
    secondary: whereLabel(place),
  };
}

/** The address kept with the task: 'Ikeja, Lagos State, Nigeria', '22 Awolowo Way, Ikeja, Lagos State, Nigeria', 'Eti-Osa LGA, Lagos State, Nigeria'. */
export function addressOf(place: GazetteerPlace, houseNumber = ''): string {
  const name = place.kind === 'street' && houseNumber ? `${houseNumber} ${place.name}` : placeName(place);
  return [name, place.area, place.stateName, 'Nigeria'].filter(Boolean).join(', ');
}
