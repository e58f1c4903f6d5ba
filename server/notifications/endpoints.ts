/**
 * Which addresses the server will send a push to: https on a known push service's host, or
 * an origin PUSH_ALLOWED_ORIGINS adds (tests' fake push service, a private push service).
 * Anything else is refused at subscribe (400), so no client can make the server call an
 * address of its choosing; the dispatcher checks again before each send.
 */

/** Exact hosts of the browsers' push services. */
const KNOWN_HOSTS = new Set([
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet
  'updates.push.services.mozilla.com', // Firefox
  'push.services.mozilla.com',
  'web.push.apple.com', // Safari, iOS home-screen apps
]);
/** Hosts under this suffix (Edge and other Windows browsers: wns2-xxx.notify.windows.com). */
const KNOWN_SUFFIXES = ['.notify.windows.com'];

export function isAllowedPushEndpoint(endpoint: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowedOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return KNOWN_HOSTS.has(host) || KNOWN_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}
