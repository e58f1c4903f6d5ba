import { queryOptions } from '@tanstack/react-query';
import type { PointsStatus } from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { http, retryPostQuery } from '../http';
import { getToken } from '../token-storage';
import { readQueryData, type QueryData } from './query-data';
import { asQuery, noTokenFailure } from './query-failure';

/** POST /client/points: the recycle-token balance and its ledger (cached for offline use). */
export function getPoints(): Promise<QueryData<PointsStatus>> {
  return readQueryData<PointsStatus>(http.post('client/points', { json: {}, retry: retryPostQuery }));
}

export function pointsQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['points', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(getPoints) : Promise.reject(noTokenFailure())),
  });
}
