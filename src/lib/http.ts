/**
 * The one HTTP client of the app (a single ky instance): the API base address, a 15 s
 * time-out, the bearer token from token storage, and a 401 that clears the token. A request
 * that carries a token of its own (a chat message replayed with the token it was written
 * with) does not end the session when that token is refused. Only
 * idempotent reads are retried, and only when the network failed; writes are never retried
 * blindly (paid tasks and chat messages have their own durable replay, see offline-db.ts).
 * Nothing else imports ky or calls fetch for the API.
 */
import ky, { type KyInstance, type RetryOptions } from 'ky';
import { config } from '../shared/config';
import { useSessionStore } from './session-store';
import { getToken } from './token-storage';

export const REQUEST_TIMEOUT_MS = 15_000;

/** A network failure (not an HTTP error, not a time-out) of a GET or HEAD is tried twice more. */
const readRetry: RetryOptions = { limit: 2, methods: ['get', 'head'], statusCodes: [], afterStatusCodes: [] };

/**
 * The spec's API reads some data with POST (`userdata`, `task`, `getMessages`): those calls
 * pass `{ retry: retryPostQuery }` to be retried like a GET. Never use it for a write.
 */
export const retryPostQuery: RetryOptions = { ...readRetry, methods: ['get', 'head', 'post'] };

export interface HttpClientOptions {
  /** The API base address, ending with `/`; paths are then given without a leading slash. */
  prefixUrl: string;
  getToken: () => string | null;
  /** Called when the server refuses the session's token (401): it is no longer valid. */
  onUnauthorized: () => void;
  fetch?: typeof globalThis.fetch;
  timeout?: number;
}

export function createHttpClient(options: HttpClientOptions): KyInstance {
  return ky.create({
    prefixUrl: options.prefixUrl,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    retry: readRetry,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken();
          if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (response.status !== 401) return;
          const token = options.getToken();
          // Only the session's own token (or none) was refused, not another one the caller set.
          if (request.headers.get('Authorization') === (token ? `Bearer ${token}` : null)) options.onUnauthorized();
        },
      ],
    },
  });
}

export const http = createHttpClient({
  prefixUrl: config.apiUrl,
  getToken,
  onUnauthorized: () => useSessionStore.getState().expire(),
});
