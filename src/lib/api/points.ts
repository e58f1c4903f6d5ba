import { queryOptions } from '@tanstack/react-query';
import type { PointsStatus } from '../../shared/contract';
import { http } from '../http';
import { readQueryData, type QueryData } from './query-data';
import { signedInQuery } from './signed-in';

export const pointsKeys = {
  all: ['points'] as const,
  balance: (subject: string | null) => [...pointsKeys.all, subject] as const,
};

/** POST /client/points: the recycle-token balance and its ledger (cached for offline use). */
export function getPoints(): Promise<QueryData<PointsStatus>> {
  return readQueryData<PointsStatus>(http.post('client/points', { json: {} }));
}

export function pointsQuery() {
  return queryOptions(signedInQuery(pointsKeys.balance, getPoints));
}
