/** The offline adapter: fetches the gazetteer file once, on first use, and searches it in memory. */
import { GAZETTEER_LOAD_FAILED, type PlaceSearch } from './place-search';
import { addressOf, readGazetteer, searchGazetteer, toSuggestion, type GazetteerPlace } from './gazetteer';

export const GAZETTEER_URL = `${import.meta.env.BASE_URL}data/ng-places.json`;

export function createGazetteerSearch(load: () => Promise<unknown> = () => fetch(GAZETTEER_URL).then((response) => {
  if (!response.ok) throw new Error(`${response.status}`);
  return response.json() as Promise<unknown>;
})): PlaceSearch {
  let places: Promise<GazetteerPlace[]> | undefined;
  const getPlaces = () => {
    places ??= load()
      .then(readGazetteer)
      .catch((error: unknown) => {
        places = undefined;
        throw new Error(GAZETTEER_LOAD_FAILED, { cause: error });
      });
    return places;
  };
  return {
    async suggest(query) {
      return searchGazetteer(await getPlaces(), query).map(toSuggestion);
    },
    async choose(suggestion) {
      const place = (await getPlaces()).find((candidate) => candidate.id === suggestion.id);
      return place ? { address: addressOf(place), location: { lat: place.lat, lng: place.lng } } : { address: suggestion.primary, location: null };
    },
  };
}
