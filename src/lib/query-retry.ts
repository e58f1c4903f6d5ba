/**
 * The one retry policy of every QueryClient (the client's app, the driver's app, the operators'
 * console): a read whose request got no answer at all (the network failed) is tried twice
 * more, with Query's growing delay; an answer, even an error, is final, and so is a time-out
 * (15 s, three times, would hold a screen for most of a minute). Offline nothing is tried
 * again: Query would hold the retry until the network returns and the screen would say
 * 'Loading' meanwhile; it says the read failed instead, and reconnecting reads it again
 * (`refetchOnReconnect`). The HTTP client itself
 * retries nothing, and writes (mutations) are never retried blindly: paid tasks and chat
 * messages have their own durable replay (docs/offline.md).
 */
import { onlineManager } from '@tanstack/react-query';
import { QueryFailure } from './api/query-failure';

/** How many more times a read whose network failed is tried. */
export const QUERY_RETRIES = 2;

/** fetch's own failure (no response): a TypeError, as ky passes it on. */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof QueryFailure) return error.isNetworkFailure;
  return error instanceof Error && error.name === 'TypeError';
}

/** `retry` of the QueryClients' defaults. */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isNetworkFailure(error) && onlineManager.isOnline();
}
