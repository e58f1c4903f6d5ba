import type { LoginResponse, LoginRequest } from '../../shared/contract';
import { http } from '../http';

/** POST /client/login: the token is in `data`. */
export function login(request: LoginRequest): Promise<Partial<LoginResponse>> {
  return http.post('client/login', { json: request }).json<Partial<LoginResponse>>();
}
