/**
 * The app's one HTTP client (a single ky instance, set up by src/lib/http-client.ts) with the
 * client's session: its token, and a 401 that ends it (docs/architecture.md, 'One HTTP client').
 */
import { config } from '../shared/config';
import { createHttpClient } from './http-client';
import { useSessionStore } from './session-store';
import { getToken } from './token-storage';

export { REQUEST_TIMEOUT_MS, createHttpClient } from './http-client';

export const http = createHttpClient({
  prefixUrl: config.apiUrl,
  getToken,
  onUnauthorized: () => useSessionStore.getState().expire(),
});
