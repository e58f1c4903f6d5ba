import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscribeResponse, SubscribeRequest, User } from '../../shared/contract';
import { http } from '../http';
import { planKeys } from './plan';
import { setSignedInUser } from './user';

/** POST /client/subscribe {plan, userId, reference}: the user with the new plan and expiry. */
export async function subscribe(request: SubscribeRequest): Promise<User> {
  const answer = await http.post('client/subscribe', { json: request }).json<SubscribeResponse>();
  return answer.data;
}

/** Subscribes: the plan and its expiry show on Home at once, and what the new plan allows is read again. */
export function useSubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSuccess: (updated) => {
      setSignedInUser(queryClient, updated);
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}
