import type { SubscribeResponse, SubscribeRequest, User } from '../../shared/contract';
import { http } from '../http';

/** POST /client/subscribe {plan, userId, reference}: the user with the new plan and expiry. */
export async function subscribe(request: SubscribeRequest): Promise<User> {
  const answer = await http.post('client/subscribe', { json: request }).json<SubscribeResponse>();
  return answer.data;
}
