/**
 * A read's answer, and whether it came from the device. Offline, the service worker answers
 * the reads it keeps (src/shared/offline-answers.ts) from IndexedDB and marks them with
 * `X-Cached-At`; screens then say 'Offline - last updated <time>' (src/ui/offline-marker.tsx)
 * and are fetched again when the network returns (src/lib/query-client.ts).
 */
import type { DataAnswer } from '../../shared/contract';
import { cachedAtOf, oldestCachedAt } from '../../shared/offline-answers';

export interface Answer<T> {
  data: T;
  /** When the service worker kept this answer, if it served it from the device (ms since the epoch); null: fresh from the server. */
  cachedAt: number | null;
}

/** The `data` of an API answer, with where it came from. */
export async function readAnswer<T>(response: Promise<Response>): Promise<Answer<T>> {
  const answer = await response;
  const body = (await answer.json()) as DataAnswer<T>;
  return { data: body.data, cachedAt: cachedAtOf(answer) };
}

export function isFromDevice(answer: Pick<Answer<unknown>, 'cachedAt'>): boolean {
  return answer.cachedAt !== null;
}

/** Answers shown together are as old as the oldest kept one. */
export function combineAnswers<A, B, T>(
  first: Answer<A>,
  second: Answer<B>,
  combine: (first: A, second: B) => T,
): Answer<T> {
  return { data: combine(first.data, second.data), cachedAt: oldestCachedAt(first.cachedAt, second.cachedAt) };
}
