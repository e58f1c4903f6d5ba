/**
 * The offline gazetteer's rules as pure functions: reading public/data/ng-places.json (made
 * by scripts/build-gazetteer.ts: states, LGAs, towns and districts) and ranking places for
 * typed text: names that start with it first, then names with a word that starts with it,
 * then names that contain it; on a tie states, then towns, then LGAs, then alphabetical.
 */
import type { LatLng, PlaceSuggestion } from './place-search';

export interface GazetteerPlace extends LatLng {
  id: string;
  name: string;
  kind: 'state' | 'town' | 'lga';
  /** 'Lagos State' for a town or LGA in Lagos; '' for a state. */
  stateName: string;
}

type StateRow = [code: string, name: string, lat: number, lng: number];
type TownRow = [name: string, stateCode: string, lat: number, lng: number];

const KIND_ORDER: Record<GazetteerPlace['kind'], number> = { state: 0, town: 1, lga: 2 };

function stateLabel(name: string): string {
  return /capital territory/i.test(name) ? name : `${name} State`;
}

/** The places of the generated file; rows that are not well formed are skipped. */
export function readGazetteer(file: unknown): GazetteerPlace[] {
  const { s = [], l = [], c = [] } = (file ?? {}) as { s?: unknown[]; l?: unknown[]; c?: unknown[] };
  const isRow = (row: unknown): row is [string, string, number, number] =>
    Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string' && Number.isFinite(row[2]) && Number.isFinite(row[3]);
  const states = (Array.isArray(s) ? s : []).filter(isRow) as StateRow[];
  const names = new Map(states.map(([code, name]) => [code, name]));
  const places: GazetteerPlace[] = states.map(([code, name, lat, lng]) => ({ id: `s:${code}`, name: stateLabel(name), kind: 'state', stateName: '', lat, lng }));
  const addRows = (rows: unknown, kind: 'town' | 'lga') => {
    for (const [name, code, lat, lng] of (Array.isArray(rows) ? rows : []).filter(isRow) as TownRow[]) {
      const state = names.get(code);
      places.push({ id: `${kind === 'town' ? 'c' : 'l'}:${code}:${name}`, name, kind, stateName: state ? stateLabel(state) : '', lat, lng });
    }
  };
  addRows(c, 'town');
  addRows(l, 'lga');
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

/** The best places for typed text, prefix matches first. Also matches 'Ikeja, Lagos'. */
export function searchGazetteer(places: readonly GazetteerPlace[], query: string, limit = 8): GazetteerPlace[] {
  const [namePart = '', statePart = ''] = query.split(',').map(normalizeText);
  if (namePart === '') return [];
  const ranked: { place: GazetteerPlace; rank: number }[] = [];
  for (const place of places) {
    const rank = matchRank(normalizeText(place.name), namePart);
    if (rank < 0) continue;
    if (statePart && (place.kind === 'state' || !normalizeText(place.stateName).includes(statePart))) continue;
    ranked.push({ place, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || KIND_ORDER[a.place.kind] - KIND_ORDER[b.place.kind] || a.place.name.localeCompare(b.place.name));
  return ranked.slice(0, limit).map(({ place }) => place);
}

function placeName(place: GazetteerPlace): string {
  return place.kind === 'lga' ? `${place.name} LGA` : place.name;
}

export function toSuggestion(place: GazetteerPlace): PlaceSuggestion {
  return { id: place.id, primary: placeName(place), secondary: place.kind === 'state' ? 'Nigeria' : `${place.stateName}, Nigeria`.replace(/^, /, '') };
}

/** The address kept with the task: 'Ikeja, Lagos State, Nigeria' ('Eti-Osa LGA, Lagos State, Nigeria' for an LGA). */
export function addressOf(place: GazetteerPlace): string {
  return [placeName(place), place.stateName, 'Nigeria'].filter(Boolean).join(', ');
}
