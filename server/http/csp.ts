/** The app's Content-Security-Policy: same origin plus the map, Google and Paystack hosts it may use. */
import type { ServerConfig } from '../config';

const TILE_HOSTS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];
/** Exactly the hosts the Maps JavaScript API's places, geocoder and directions use: no wildcard. */
const GOOGLE_HOSTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://places.googleapis.com'];
const PAYSTACK_HOSTS = ['https://js.paystack.co', 'https://checkout.paystack.com', 'https://api.paystack.co'];

/**
 * `scriptHashes`: the prerendered pages' one inline script (scripts/prerender.ts), allowed by
 * its hash, computed at build time; never 'unsafe-inline' for scripts.
 */
export function contentSecurityPolicy(config: ServerConfig, scriptHashes: readonly string[] = []) {
  const extra = [...config.cspExtraOrigins, ...config.corsOrigins];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes, ...GOOGLE_HOSTS, 'https://js.paystack.co'],
    styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    imgSrc: ["'self'", 'data:', 'blob:', ...TILE_HOSTS, ...GOOGLE_HOSTS, ...extra],
    fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
    connectSrc: ["'self'", ...TILE_HOSTS, ...GOOGLE_HOSTS, ...PAYSTACK_HOSTS, ...extra],
    frameSrc: ["'self'", ...PAYSTACK_HOSTS],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
  };
}
