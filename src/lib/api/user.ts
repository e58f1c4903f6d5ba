import { queryOptions } from '@tanstack/react-query';
import type {
  LogoutAllResponse,
  LogoutAllRequest,
  ProfileUpdateResponse,
  ProfileUpdateRequest,
  User,
  UserDataRequest,
} from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { http, retryPostQuery } from '../http';
import { getToken } from '../token-storage';
import { readQueryData, type QueryData } from './query-data';
import { asQuery, noTokenFailure } from './query-failure';

/** POST /client/userdata {token}: the signed-in user (cached for offline use by the service worker). */
export function getUser(token: string): Promise<QueryData<User>> {
  const body: UserDataRequest = { token };
  return readQueryData<User>(http.post('client/userdata', { json: body, retry: retryPostQuery }));
}

/** The signed-in user, keyed by the token's subject. A navigation's route loader starts it, so mounting a screen does not. */
export function userQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['user', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(() => getUser(token)) : Promise.reject(noTokenFailure())),
    refetchOnMount: false,
  });
}

/** PUT /api/user/profile (bearer token, added by the client): the updated user. */
export async function updateProfile(changes: ProfileUpdateRequest): Promise<User> {
  const response = await http.put('api/user/profile', { json: changes }).json<ProfileUpdateResponse>();
  return response.data;
}

/** POST /client/logoutAll (bearer token): ends every session of the user, this one included. */
export async function logOutEverywhere(): Promise<void> {
  const body: LogoutAllRequest = {};
  await http.post('client/logoutAll', { json: body }).json<LogoutAllResponse>();
}
