import type {
  PhoneCodeResponse,
  PhoneStartRequest,
  PhoneVerifyRequest,
  PhoneVerifyResponse,
  UserDataResponse,
} from '../../shared/contract';
import { http } from '../http';

/** POST /client/phone/start: a code by SMS or a voice call; when to ask again. */
export function startPhoneCode(request: PhoneStartRequest) {
  return http.post('client/phone/start', { json: request }).json<PhoneCodeResponse>();
}

/** POST /client/phone/verify: a token, or `needsName` for a number without an account. */
export function verifyPhoneCode(request: PhoneVerifyRequest) {
  return http.post('client/phone/verify', { json: request }).json<PhoneVerifyResponse>();
}

/** POST /client/phone/change: the signed-in client proves a number with its code. */
export function provePhone(request: { phone: string; code: string }) {
  return http.post('client/phone/change', { json: request }).json<UserDataResponse>();
}
