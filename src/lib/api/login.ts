import type { LoginAnswer, LoginRequest } from '../../shared/contract';
import { http } from '../http';

/** POST /client/login: the token is in `data`. */
export function login(request: LoginRequest): Promise<Partial<LoginAnswer>> {
  return http.post('client/login', { json: request }).json<Partial<LoginAnswer>>();
}
