import type { User, UserDataAnswer, UserDataRequest } from '../../../shared/contract';
import { http, retryPostRead } from '../../../lib/http';

/** POST /client/userdata {token}: the signed-in user. */
export async function getUser(token: string): Promise<User> {
  const body: UserDataRequest = { token };
  const answer = await http.post('client/userdata', { json: body, retry: retryPostRead }).json<UserDataAnswer>();
  return answer.data;
}
