/**
 * The app's one HTTP client (a single ky instance, set up by src/lib/http-client.ts) with the
 * client's session: its token, and a 401 that ends it (docs/architecture.md, 'One HTTP client').
 */
import { config } from '../shared/config';
import { pageEarlyReads, withEarlyReads } from './early-reads';
import { createHttpClient } from './http-client';
import { useSessionStore } from './session-store';
import { getToken } from './token-storage';

export { REQUEST_TIMEOUT_MS, createHttpClient } from './http-client';

export const http = createHttpClient({
  prefixUrl: config.apiUrl,
  getToken,
  onUnauthorized: () => useSessionStore.getState().expire(),
  // The booking form's reads the page started before the app (index.html) are taken from there.
  fetch: withEarlyReads((input, init) => globalThis.fetch(input, init), pageEarlyReads),
});
