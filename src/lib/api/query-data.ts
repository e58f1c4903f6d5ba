/**
 * A read's answer, and whether it came from the device. Offline, the service worker answers
 * the reads it keeps (src/shared/cached-responses.ts) from IndexedDB and marks them with
 * `X-Cached-At`; screens then say 'Offline - last updated <time>' (src/ui/offline-marker.tsx)
 * and are fetched again when the network returns (src/lib/query-client.ts).
 */
import type { DataResponse } from '../../shared/contract';
import { cachedAtOf, oldestCachedAt } from '../../shared/cached-responses';

export interface QueryData<T> {
  data: T;
  /** When the service worker kept this response, if it served it from the device (ms since the epoch); null: fresh from the server. */
  cachedAt: number | null;
}

/** The `data` of an API answer, with where it came from. */
export async function readQueryData<T>(response: Promise<Response>): Promise<QueryData<T>> {
  const answer = await response;
  const body = (await answer.json()) as DataResponse<T>;
  return { data: body.data, cachedAt: cachedAtOf(answer) };
}

export function isFromDevice(answer: Pick<QueryData<unknown>, 'cachedAt'>): boolean {
  return answer.cachedAt !== null;
}

/** Answers shown together are as old as the oldest kept one. */
export function combineQueryData<A, B, T>(
  first: QueryData<A>,
  second: QueryData<B>,
  combine: (first: A, second: B) => T,
): QueryData<T> {
  return { data: combine(first.data, second.data), cachedAt: oldestCachedAt(first.cachedAt, second.cachedAt) };
}
