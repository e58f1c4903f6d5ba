/**
 * The offline gazetteer's rules as pure functions: reading public/data/ng-places.json (made
 * by scripts/build-gazetteer.ts) and ranking places for typed text: names that start with
 * it first, then names with a word that starts with it, then names that contain it; states
 * before towns on a tie, then alphabetical.
 */
import type { LatLng, PlaceSuggestion } from './place-search';

export interface GazetteerPlace extends LatLng {
  id: string;
  name: string;
  kind: 'state' | 'town';
  /** 'Lagos State' for a town in Lagos; '' for a state. */
  stateName: string;
}

type StateRow = [code: string, name: string, lat: number, lng: number];
type TownRow = [name: string, stateCode: string, lat: number, lng: number];

function stateLabel(name: string): string {
  return /capital territory/i.test(name) ? name : `${name} State`;
}

/** The places of the generated file; rows that are not well formed are skipped. */
export function readGazetteer(file: unknown): GazetteerPlace[] {
  const { s = [], c = [] } = (file ?? {}) as { s?: unknown[]; c?: unknown[] };
  const isRow = (row: unknown): row is [string, string, number, number] =>
    Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string' && Number.isFinite(row[2]) && Number.isFinite(row[3]);
  const states = (Array.isArray(s) ? s : []).filter(isRow) as StateRow[];
  const names = new Map(states.map(([code, name]) => [code, name]));
  const places: GazetteerPlace[] = states.map(([code, name, lat, lng]) => ({ id: `s:${code}`, name: stateLabel(name), kind: 'state', stateName: '', lat, lng }));
  for (const [name, code, lat, lng] of (Array.isArray(c) ? c : []).filter(isRow) as TownRow[]) {
    const state = names.get(code);
    places.push({ id: `c:${code}:${name}`, name, kind: 'town', stateName: state ? stateLabel(state) : '', lat, lng });
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
  ranked.sort((a, b) => a.rank - b.rank || (a.place.kind === b.place.kind ? 0 : a.place.kind === 'state' ? -1 : 1) || a.place.name.localeCompare(b.place.name));
  return ranked.slice(0, limit).map(({ place }) => place);
}

export function toSuggestion(place: GazetteerPlace): PlaceSuggestion {
  return { id: place.id, primary: place.name, secondary: place.kind === 'state' ? 'Nigeria' : `${place.stateName}, Nigeria`.replace(/^, /, '') };
}

/** The address kept with the task: 'Ikeja, Lagos State, Nigeria'. */
export function addressOf(place: GazetteerPlace): string {
  return [place.name, place.stateName, 'Nigeria'].filter(Boolean).join(', ');
}
