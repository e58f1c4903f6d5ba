import { queryOptions } from '@tanstack/react-query';
import type { PlanStatus } from '../../shared/contract';
import { http } from '../http';
import { readQueryData, type QueryData } from './query-data';
import { signedInQuery } from './signed-in';

/** The plan's query keys: `planKeys.all` is every user's (a change of the plan refreshes it). */
export const planKeys = {
  all: ['plan'] as const,
  status: (subject: string | null) => [...planKeys.all, subject] as const,
};

/** POST /client/plan: the running plan and what is left of it this plan month (null: Freemium); cached for offline use. */
export function getPlanStatus(): Promise<QueryData<PlanStatus | null>> {
  return readQueryData<PlanStatus | null>(http.post('client/plan', { json: {} }));
}

/** The plan's allowance, keyed by the token's subject like the user. */
export function planStatusQuery() {
  return queryOptions(signedInQuery(planKeys.status, getPlanStatus));
}
