/** The directions of this build: Google driving directions when a key is set, else the straight-line estimate. */
import { config } from '../../shared/config';
import type { Directions } from './directions';
import { GOOGLE_MAPS_LOAD_FAILED } from './place-search';
import { createStraightLineDirections } from './straight-line-directions';

export function createDirections(googleKey: string | undefined = config.googleMapsApiKey): Directions {
  if (!googleKey) return createStraightLineDirections();
  // The Google code is downloaded only by builds (and screens) that use it; a failed download is tried again.
  let adapter: Promise<Directions> | undefined;
  const load = () => {
    adapter ??= import('./google-directions').then(
      (google) => google.createGoogleDirections(google.loadGoogleRoutes(googleKey)),
      (error: unknown) => {
        adapter = undefined;
        throw new Error(GOOGLE_MAPS_LOAD_FAILED, { cause: error });
      },
    );
    return adapter;
  };
  return { route: async (from, to) => (await load()).route(from, to) };
}
