/**
 * Address search behind one interface: suggestions for typed text, the chosen place with its
 * coordinates (`location: null` when it has none), and a label for any point. Two adapters:
 * Google's with VITE_GOOGLE_MAPS_API_KEY, else the offline gazetteer (docs/product.md,
 * 'Create task').
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface PlaceSuggestion {
  id: string;
  /** The place's name, e.g. 'Ikeja'. */
  primary: string;
  /** Where it is, e.g. 'Lagos State'. */
  secondary: string;
}

export interface PlaceChoice {
  address: string;
  location: LatLng | null;
  /** The label says only roughly where (a long road without a house number). */
  approximate?: boolean;
  /** A saved place's house number, gate or landmark. */
  addressDetails?: string;
}

export interface PlaceSearch {
  suggest(query: string): Promise<PlaceSuggestion[]>;
  choose(suggestion: PlaceSuggestion): Promise<PlaceChoice>;
  /** A label for a point ('Near Yaba, Lagos', or Google's address). Never fails: at worst the coordinates. */
  describe(point: LatLng): Promise<string>;
}

export const GOOGLE_MAPS_LOAD_FAILED = 'Failed to load Google Maps. Please check your connection.';
export const GAZETTEER_LOAD_FAILED = 'Could not load the list of places. Please check your connection.';
