/** POST /client/login: the token is in `data` (SPEC section 7). Loaded on submit, so the first screen stays lean. */
import type { LoginAnswer, LoginRequest } from '../../../shared/contract';
import { http } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { NO_TOKEN_RECEIVED, loginErrorMessage } from '../auth-messages';
import { readCallFailure } from '../../../shared/call-failure';

export type LoginResult = { token: string } | { error: string };

export async function login(request: LoginRequest): Promise<LoginResult> {
  let answer: Partial<LoginAnswer>;
  try {
    answer = await http.post('client/login', { json: request }).json<Partial<LoginAnswer>>();
  } catch (error) {
    // A wrong password answers 401, which the shared client reads as an expired session;
    // here it is not one, so its "session expired" notice is dropped.
    useSessionStore.getState().takeNotice();
    return { error: loginErrorMessage(await readCallFailure(error)) };
  }
  const token = answer?.data;
  return typeof token === 'string' && token !== '' ? { token } : { error: NO_TOKEN_RECEIVED };
}
