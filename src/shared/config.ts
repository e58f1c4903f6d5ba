/// <reference types="vite/client" />
/**
 * Build-time settings (`VITE_*`, read when the app is built). Every one is optional: the
 * defaults run the whole product against the reference server on the same origin.
 */

function setting(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** The API base address with one trailing slash: `VITE_API_URL`, else the page's own origin. */
export function resolveApiUrl(configured: string | undefined, origin: string | undefined): string {
  const base = setting(configured) ?? origin ?? 'http://localhost';
  return base.endsWith('/') ? base : `${base}/`;
}

export const config = {
  apiUrl: resolveApiUrl(import.meta.env.VITE_API_URL, globalThis.location?.origin),
  /** Set: the real Paystack inline checkout. Unset: the local test checkout ("Test payment"). */
  paystackPublicKey: setting(import.meta.env.VITE_PAYSTACK_PUBLIC_KEY),
  /** Set: Google Places search and driving directions. Unset: the offline gazetteer, straight-line routes. */
  googleMapsApiKey: setting(import.meta.env.VITE_GOOGLE_MAPS_API_KEY),
  /** Set: this MapLibre style. Unset: OpenStreetMap raster tiles. */
  mapStyleUrl: setting(import.meta.env.VITE_MAP_STYLE_URL),
} as const;
