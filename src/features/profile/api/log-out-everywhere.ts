import type { LogoutAllAnswer, LogoutAllRequest } from '../../../shared/contract';
import { http } from '../../../lib/http';

/** POST /client/logoutAll (bearer token): ends every session of the user, this one included. */
export async function logOutEverywhere(): Promise<void> {
  const body: LogoutAllRequest = {};
  await http.post('client/logoutAll', { json: body }).json<LogoutAllAnswer>();
}
