/**
 * Signing in (src/lib/api/login.ts) with the message the visitor sees when it fails. The
 * login screen loads this module on submit, so the first visit stays small.
 */
import { login as callLogin } from '../../lib/api/login';
import { useSessionStore } from '../../lib/session-store';
import type { LoginResponse, LoginRequest } from '../../shared/contract';
import { readCallFailure } from '../../shared/call-failure';
import { NO_TOKEN_RECEIVED, loginErrorMessage } from './auth-messages';

export type LoginResult = { token: string } | { error: string };

export async function login(request: LoginRequest): Promise<LoginResult> {
  let answer: Partial<LoginResponse>;
  try {
    answer = await callLogin(request);
  } catch (error) {
    // A wrong password answers 401, which the shared client reads as an expired session;
    // here it is not one, so its "session expired" notice is dropped.
    useSessionStore.getState().takeNotice();
    return { error: loginErrorMessage(await readCallFailure(error)) };
  }
  const token = answer?.data;
  return typeof token === 'string' && token !== '' ? { token } : { error: NO_TOKEN_RECEIVED };
}
