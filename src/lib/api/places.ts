import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlacesResponse, SavedPlace, SavePlaceRequest, SavePlaceResponse } from '../../shared/contract';
import { http } from '../http';
import { readQueryData, type QueryData } from './query-data';
import { signedInQuery } from './signed-in';
import type { MutationCallbacks } from './mutation-callbacks';

export const placeKeys = {
  all: ['places'] as const,
  list: (subject: string | null) => [...placeKeys.all, subject] as const,
};

export type Places = PlacesResponse['data'];

/** POST /client/places: 'Home', 'Work' and the last addresses used (cached for offline use). */
export function getPlaces(): Promise<QueryData<Places>> {
  return readQueryData<Places>(http.post('client/places', { json: {} }));
}

export function placesQuery() {
  return queryOptions(signedInQuery(placeKeys.list, getPlaces));
}

/** POST /client/places/save: keeps the place as 'Home' or 'Work'. */
export async function savePlace(place: SavePlaceRequest): Promise<SavedPlace> {
  return (await http.post('client/places/save', { json: place }).json<SavePlaceResponse>()).data;
}

/** Saves a place as 'Home' or 'Work'; the places are read again (offered first next time). */
export function useSavePlace(callbacks: MutationCallbacks<SavedPlace> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlace,
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: placeKeys.all });
      callbacks.onSuccess?.(saved);
    },
    onError: callbacks.onError,
  });
}
