/**
 * The three password-recovery calls (POST /client/forgot, /client/resetCode,
 * /client/resetPassword). Each answers `{ success, message }`; a step advances only on
 * `success: true`, otherwise the server's message (or the step's fallback) is returned.
 */
import type { ForgotRequest, RecoveryAnswer, ResetCodeRequest, ResetPasswordRequest } from '../../../shared/contract';
import { http } from '../../../lib/http';
import { RECOVERY_TEXTS, isRecoverySuccess, recoveryErrorMessage, recoveryRefusedMessage, type RecoveryStep } from '../auth-messages';
import { readCallFailure } from '../../../shared/call-failure';

export type RecoveryResult = { ok: true; message: string } | { ok: false; message: string };

const PATHS: Record<RecoveryStep, string> = { email: 'client/forgot', verify: 'client/resetCode', reset: 'client/resetPassword' };

async function recoveryCall(step: RecoveryStep, json: ForgotRequest | ResetCodeRequest | ResetPasswordRequest): Promise<RecoveryResult> {
  let answer: Partial<RecoveryAnswer>;
  try {
    answer = await http.post(PATHS[step], { json }).json<Partial<RecoveryAnswer>>();
  } catch (error) {
    return { ok: false, message: recoveryErrorMessage(step, await readCallFailure(error)) };
  }
  if (!isRecoverySuccess(answer)) return { ok: false, message: recoveryRefusedMessage(step, answer) };
  return { ok: true, message: RECOVERY_TEXTS[step].success };
}

export const requestResetCode = (request: ForgotRequest) => recoveryCall('email', request);
export const verifyResetCode = (request: ResetCodeRequest) => recoveryCall('verify', request);
export const resetPassword = (request: ResetPasswordRequest) => recoveryCall('reset', request);
