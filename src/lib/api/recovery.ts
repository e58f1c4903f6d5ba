/** The three steps of password recovery: each answers `{ success, message }`. */
import type { ForgotRequest, RecoveryResponse, ResetCodeRequest, ResetPasswordRequest } from '../../shared/contract';
import { http } from '../http';

/** POST /client/forgot: mails a recovery code. */
export function requestResetCode(request: ForgotRequest): Promise<Partial<RecoveryResponse>> {
  return http.post('client/forgot', { json: request }).json<Partial<RecoveryResponse>>();
}

/** POST /client/resetCode: checks the code. */
export function verifyResetCode(request: ResetCodeRequest): Promise<Partial<RecoveryResponse>> {
  return http.post('client/resetCode', { json: request }).json<Partial<RecoveryResponse>>();
}

/** POST /client/resetPassword: only after the code was verified. */
export function resetPassword(request: ResetPasswordRequest): Promise<Partial<RecoveryResponse>> {
  return http.post('client/resetPassword', { json: request }).json<Partial<RecoveryResponse>>();
}
