import type { User, UserDataAnswer, UserDataRequest } from '../../../shared/contract';
import { http, retryPostRead } from '../../../lib/http';
import { readAnswer, type CachedAtSink } from '../../../shared/offline-answers';

/** POST /client/userdata {token}: the signed-in user; `onCachedAt` hears when the answer came from the device (offline). */
export async function getUser(token: string, onCachedAt?: CachedAtSink): Promise<User> {
  const body: UserDataRequest = { token };
  const answer = await readAnswer<UserDataAnswer>(http.post('client/userdata', { json: body, retry: retryPostRead }), onCachedAt);
  return answer.data;
}
