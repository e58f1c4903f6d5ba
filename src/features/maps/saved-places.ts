/**
 * Saved places as the address search offers them when it gets focus: 'Home' and 'Work', then
 * the last addresses used. Each carries its place, so choosing one needs no search (offline too).
 */
import type { SavedPlace } from '../../shared/contract';
import type { PlaceChoice, PlaceSuggestion } from './place-search';

export interface SavedSuggestion extends PlaceSuggestion {
  choice: PlaceChoice;
}

const LABELS = { home: 'Home', work: 'Work' } as const;

export function savedSuggestions(places: { saved: SavedPlace[]; recent: SavedPlace[] }): SavedSuggestion[] {
  return [...places.saved, ...places.recent].map((place, index) => {
    const [lng, lat] = place.location.coordinates;
    const choice: PlaceChoice = {
      address: place.address,
      location: { lat, lng },
      ...(place.addressDetails ? { addressDetails: place.addressDetails } : {}),
    };
    return place.label
      ? { id: `saved:${place.label}`, primary: LABELS[place.label], secondary: place.address, choice }
      : { id: `recent:${index}`, primary: place.address, secondary: 'Recently used', choice };
  });
}
