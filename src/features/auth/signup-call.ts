/** Signing up (src/lib/api/signup.ts): the success body is not used; failures become the catalogue's messages (auth-messages.ts). */
import { signup as callSignup } from '../../lib/api/signup';
import type { SignupRequest } from '../../shared/contract';
import { readCallFailure } from '../../shared/call-failure';
import { signupErrorMessage } from './auth-messages';

export async function signup(request: SignupRequest): Promise<{ error: string | null }> {
  try {
    await callSignup(request);
    return { error: null };
  } catch (error) {
    return { error: signupErrorMessage(await readCallFailure(error)) };
  }
}
