/** POST /client/signup: the success body is not used; failures become section 8's messages. */
import type { SignupRequest } from '../../../shared/contract';
import { http } from '../../../lib/http';
import { signupErrorMessage } from '../auth-messages';
import { readCallFailure } from '../../../shared/call-failure';

export async function signup(request: SignupRequest): Promise<{ error: string | null }> {
  try {
    await http.post('client/signup', { json: request });
    return { error: null };
  } catch (error) {
    return { error: signupErrorMessage(await readCallFailure(error)) };
  }
}
