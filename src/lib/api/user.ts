import type {
  LogoutAllAnswer,
  LogoutAllRequest,
  ProfileUpdateAnswer,
  ProfileUpdateRequest,
  User,
  UserDataRequest,
} from '../../shared/contract';
import { http, retryPostRead } from '../http';
import { readAnswer, type Answer } from './answer';

/** POST /client/userdata {token}: the signed-in user (kept for offline use by the service worker). */
export function getUser(token: string): Promise<Answer<User>> {
  const body: UserDataRequest = { token };
  return readAnswer<User>(http.post('client/userdata', { json: body, retry: retryPostRead }));
}

/** PUT /api/user/profile (bearer token, added by the client): the updated user. */
export async function updateProfile(changes: ProfileUpdateRequest): Promise<User> {
  const answer = await http.put('api/user/profile', { json: changes }).json<ProfileUpdateAnswer>();
  return answer.data;
}

/** POST /client/logoutAll (bearer token): ends every session of the user, this one included. */
export async function logOutEverywhere(): Promise<void> {
  const body: LogoutAllRequest = {};
  await http.post('client/logoutAll', { json: body }).json<LogoutAllAnswer>();
}
