/**
 * The one ky setup: base address, time-out, bearer token, and a 401 that ends the session.
 * It retries nothing: a read is tried again by Query's one retry policy (src/lib/query-retry.ts),
 * and writes have their own durable replay (docs/architecture.md, 'One HTTP client'). The
 * app's instance is src/lib/http.ts; the operators' console makes its own with its own session.
 */
import ky, { type KyInstance } from 'ky';

export const REQUEST_TIMEOUT_MS = 15_000;

export interface HttpClientOptions {
  /** The API base address, ending with `/`; paths are then given without a leading slash. */
  prefixUrl: string;
  getToken: () => string | null;
  /** Called when the server refuses the session's token (401): it is no longer valid. */
  onUnauthorized: () => void;
  fetch?: typeof globalThis.fetch;
  timeout?: number;
}

/**
 * Lets the page run before a request goes out, so each request starts in a task of its own: a
 * screen whose queries all start at mount would otherwise start every fetch in one long task,
 * and the screen would not answer a tap meanwhile (docs/performance.md, 'The booking screen').
 */
async function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  await (scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));
}

export function createHttpClient(options: HttpClientOptions): KyInstance {
  return ky.create({
    prefixUrl: options.prefixUrl,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        yieldToMain,
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
