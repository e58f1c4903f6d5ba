import type { SignupRequest } from '../../shared/contract';
import { http } from '../http';

/** POST /client/signup: the success body is not used. */
export async function signup(request: SignupRequest): Promise<void> {
  await http.post('client/signup', { json: request });
}
