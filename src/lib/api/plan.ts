import { queryOptions } from '@tanstack/react-query';
import type { PlanStatus } from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/offline-answers';
import { http, retryPostRead } from '../http';
import { getToken } from '../token-storage';
import { readAnswer, type Answer } from './answer';
import { asQuery, noTokenFailure } from './query-failure';

/** POST /client/plan: the running plan and what is left of it this plan month (null: Freemium); cached for offline use. */
export function getPlanStatus(): Promise<Answer<PlanStatus | null>> {
  return readAnswer<PlanStatus | null>(http.post('client/plan', { json: {}, retry: retryPostRead }));
}

/** The plan's allowance, keyed by the token's subject like the user. */
export function planStatusQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['plan', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(getPlanStatus) : Promise.reject(noTokenFailure())),
  });
}
