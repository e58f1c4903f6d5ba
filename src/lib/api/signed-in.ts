/**
 * The one helper for the signed-in user's reads: the key names the token's subject (so one
 * user's answers never show to the next, and the service worker keeps them per user), and
 * without a stored token the read fails at once with 'no-token' rather than asking the server.
 */
import type { QueryKey } from '@tanstack/react-query';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { getToken } from '../token-storage';
import { asQuery, noTokenFailure } from './query-failure';

/** The signed-in user's id as the stored token names it (null without a token): what their reads are keyed by. */
export function signedInSubject(): string | null {
  return decodeJwtSubject(getToken());
}

/**
 * `{ queryKey, queryFn }` for `queryOptions`: `keyOf` is the resource's key factory entry,
 * given the token's subject; `read` is the endpoint call, given the token.
 */
export function signedInQuery<K extends QueryKey, T>(
  keyOf: (subject: string | null) => K,
  read: (token: string) => Promise<T>,
): { queryKey: K; queryFn: () => Promise<T> } {
  const token = getToken();
  return {
    queryKey: keyOf(decodeJwtSubject(token)),
    queryFn: () => (token ? asQuery(() => read(token)) : Promise.reject(noTokenFailure())),
  };
}
