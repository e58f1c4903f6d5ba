import { queryOptions } from '@tanstack/react-query';
import type { PlanStatus } from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { http, retryPostQuery } from '../http';
import { getToken } from '../token-storage';
import { readQueryData, type QueryData } from './query-data';
import { asQuery, noTokenFailure } from './query-failure';

/** POST /client/plan: the running plan and what is left of it this plan month (null: Freemium); cached for offline use. */
export function getPlanStatus(): Promise<QueryData<PlanStatus | null>> {
  return readQueryData<PlanStatus | null>(http.post('client/plan', { json: {}, retry: retryPostQuery }));
}

/** The plan's allowance, keyed by the token's subject like the user. */
export function planStatusQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['plan', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(getPlanStatus) : Promise.reject(noTokenFailure())),
  });
}
