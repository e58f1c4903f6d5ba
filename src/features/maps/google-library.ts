/// <reference types="google.maps" />
/** Loads one library of the Maps JavaScript API with the browser key, once; a failed load is tried again next time. */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { GOOGLE_MAPS_LOAD_FAILED } from './place-search';

export function loadGoogleLibrary<T>(key: string, name: 'geocoding' | 'places' | 'routes'): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      setOptions({ key, v: 'weekly' });
      loading = importLibrary(name) as Promise<T>;
    }
    return loading.catch((error: unknown) => {
      loading = undefined;
      throw new Error(GOOGLE_MAPS_LOAD_FAILED, { cause: error });
    });
  };
}
