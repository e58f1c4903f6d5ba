/** The offline adapter: fetches the gazetteer file once, on first use, and searches it in memory. */
import { pinnedPointLabel } from '../../shared/geo';
import { GAZETTEER_LOAD_FAILED, type PlaceSearch } from './place-search';
import {
  addressOf,
  houseNumberOf,
  readGazetteer,
  searchGazetteer,
  toSuggestion,
  type GazetteerPlace,
} from './gazetteer';
import { labelOfPoint } from './nearest-place';

export const GAZETTEER_URL = `${import.meta.env.BASE_URL}data/ng-places.json`;

export function createGazetteerSearch(
  load: () => Promise<unknown> = () =>
    fetch(GAZETTEER_URL).then((response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      return response.json() as Promise<unknown>;
    }),
): PlaceSearch {
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
      const houseNumber = houseNumberOf(query);
      return searchGazetteer(await getPlaces(), query).map((place) => toSuggestion(place, houseNumber));
    },
    async choose(suggestion) {
      const [id, houseNumber = ''] = suggestion.id.split('#');
      const place = (await getPlaces()).find((candidate) => candidate.id === id);
      return place
        ? {
            address: addressOf(place, houseNumber),
            location: { lat: place.lat, lng: place.lng },
            // A long road without a house number says only roughly where.
            ...(place.kind === 'street' && !houseNumber ? { approximate: true } : {}),
          }
        : { address: suggestion.primary, location: null };
    },
    async describe(point) {
      try {
        return labelOfPoint(await getPlaces(), point) ?? pinnedPointLabel(point);
      } catch {
        // No list of places (first visit, offline): the coordinates still say where.
        return pinnedPointLabel(point);
      }
    },
  };
}
