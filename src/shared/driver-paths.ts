/**
 * Which paths under /driver/ are the driver's app (its screens and files) and which are the
 * API. The API's driver calls are POSTs; the only GETs under /driver/ are the client app's two
 * reads of a driver (its location and photo). Used by the server and the driver's worker.
 */
export const DRIVER_API_GETS: RegExp[] = [/^\/driver\/(location|photo)(\/|$)/];

/** A GET or HEAD of the driver's app (a screen, a chunk, its worker or manifest). */
export function isDriverAppRequest(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path !== '/driver' && !path.startsWith('/driver/')) return false;
  return !DRIVER_API_GETS.some((pattern) => pattern.test(path));
}
