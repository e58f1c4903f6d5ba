/**
 * The console's HTTP client: the app's one ky setup (src/lib/http.ts) on the server's own
 * origin with the operator's token; a 401 signs the operator out.
 */
import { createHttpClient } from '../lib/http-client';
import { failureMessage, readCallFailure } from '../shared/call-failure';
import { getOpsToken, setOpsToken } from './session';

export const opsHttp = createHttpClient({
  prefixUrl: `${globalThis.location?.origin ?? 'http://localhost'}/`,
  getToken: getOpsToken,
  onUnauthorized: () => setOpsToken(null, 'Your session has ended: sign in again.'),
});

/** What a failed call says: the server's message (a 403's reason included), else `fallback`. */
export async function errorText(error: unknown, fallback = 'Something went wrong. Try again.'): Promise<string> {
  const failure = await readCallFailure(error);
  if (failure.kind === 'network') return 'No connection to the server. Try again.';
  return failureMessage(failure, fallback);
}
