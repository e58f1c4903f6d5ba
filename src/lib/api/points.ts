import { queryOptions } from '@tanstack/react-query';
import type { PointsStatus } from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/offline-answers';
import { http, retryPostRead } from '../http';
import { getToken } from '../token-storage';
import { readAnswer, type Answer } from './answer';
import { asQuery, noTokenFailure } from './query-failure';

/** POST /client/points: the recycle-token balance and its ledger (cached for offline use). */
export function getPoints(): Promise<Answer<PointsStatus>> {
  return readAnswer<PointsStatus>(http.post('client/points', { json: {}, retry: retryPostRead }));
}

export function pointsQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['points', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(getPoints) : Promise.reject(noTokenFailure())),
  });
}
