/** Recurring pickups (POST /client/schedules and its actions); the list is cached for offline use. */
import { queryOptions } from '@tanstack/react-query';
import type {
  CreateScheduleRequest,
  MoveScheduleDateRequest,
  Schedule,
  ScheduleActionRequest,
  ScheduleResponse,
  SkipScheduleRequest,
} from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { http, retryPostQuery } from '../http';
import { getToken } from '../token-storage';
import { readQueryData, type QueryData } from './query-data';
import { asQuery, noTokenFailure } from './query-failure';

/** POST /client/schedules: the client's recurring pickups, oldest first. */
export function getSchedules(): Promise<QueryData<Schedule[]>> {
  return readQueryData<Schedule[]>(http.post('client/schedules', { json: {}, retry: retryPostQuery }));
}

export function schedulesQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['schedules', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(getSchedules) : Promise.reject(noTokenFailure())),
  });
}

/** POST /client/schedules/create: needs a running plan that includes the service. */
export async function createSchedule(request: CreateScheduleRequest): Promise<Schedule> {
  return (await http.post('client/schedules/create', { json: request }).json<ScheduleResponse>()).data;
}

export type ScheduleAction = 'pause' | 'resume' | 'delete';

/** POST /client/schedules/pause | resume | delete. */
export async function changeSchedule(action: ScheduleAction, scheduleId: string): Promise<void> {
  const json: ScheduleActionRequest = { scheduleId };
  await http.post(`client/schedules/${action}`, { json }).json();
}

/** POST /client/schedules/skip: skips one date (or takes the skip back). */
export async function skipScheduleDate(scheduleId: string, date: string, unskip = false): Promise<Schedule> {
  const json: SkipScheduleRequest = unskip ? { scheduleId, date, unskip } : { scheduleId, date };
  return (await http.post('client/schedules/skip', { json }).json<ScheduleResponse>()).data;
}

/** POST /client/schedules/move: one date (its own day) to another offered window; its own window puts it back. */
export async function moveScheduleDate(
  scheduleId: string,
  date: string,
  window: MoveScheduleDateRequest['window'],
): Promise<Schedule> {
  const json: MoveScheduleDateRequest = { scheduleId, date, window };
  return (await http.post('client/schedules/move', { json }).json<ScheduleResponse>()).data;
}
