import { queryOptions } from '@tanstack/react-query';
import type { PlacesResponse, SavedPlace, SavePlaceRequest, SavePlaceResponse } from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { http, retryPostQuery } from '../http';
import { getToken } from '../token-storage';
import { readQueryData, type QueryData } from './query-data';
import { asQuery, noTokenFailure } from './query-failure';

export type Places = PlacesResponse['data'];

/** POST /client/places: 'Home', 'Work' and the last addresses used (cached for offline use). */
export function getPlaces(): Promise<QueryData<Places>> {
  return readQueryData<Places>(http.post('client/places', { json: {}, retry: retryPostQuery }));
}

export function placesQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['places', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(getPlaces) : Promise.reject(noTokenFailure())),
  });
}

/** POST /client/places/save: keeps the place as 'Home' or 'Work'. */
export async function savePlace(place: SavePlaceRequest): Promise<SavedPlace> {
  return (await http.post('client/places/save', { json: place }).json<SavePlaceResponse>()).data;
}
