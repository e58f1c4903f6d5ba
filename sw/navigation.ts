/**
 * Paths that belong to the API (the server's API_PREFIXES): a request there is never
 * answered with the app shell. App routes such as /client/home are navigations; the API's
 * /client/* calls are POSTs, so they are never navigations. /driver/ pages are the driver's
 * app, answered by its own worker (sw/driver/sw.ts, scope /driver/) or the network, never
 * with this app's shell.
 */
export const API_PATH_DENYLIST: RegExp[] = [
  /^\/admin\//,
  /^\/driver\//,
  /^\/api\//,
  /^\/dev\//,
  // The operators' console and API: the console's pages come from the server, never the client's shell.
  /^\/ops(\/|$)/,
  /^\/avatars\//,
];

export function isApiPath(pathname: string): boolean {
  return API_PATH_DENYLIST.some((pattern) => pattern.test(pathname));
}
