/**
 * The three password-recovery steps (src/lib/api/recovery.ts). A step advances only on
 * `success: true`; otherwise the server's message, or the step's own text (auth-messages.ts).
 */
import * as recovery from '../../lib/api/recovery';
import type { ForgotRequest, RecoveryResponse, ResetCodeRequest, ResetPasswordRequest } from '../../shared/contract';
import { readCallFailure } from '../../shared/call-failure';
import {
  RECOVERY_TEXTS,
  isRecoverySuccess,
  recoveryErrorMessage,
  recoveryRefusedMessage,
  type RecoveryStep,
} from './auth-messages';

export type RecoveryResult = { ok: true; message: string } | { ok: false; message: string };

async function recoveryStep(
  step: RecoveryStep,
  call: () => Promise<Partial<RecoveryResponse>>,
): Promise<RecoveryResult> {
  let answer: Partial<RecoveryResponse>;
  try {
    answer = await call();
  } catch (error) {
    return { ok: false, message: recoveryErrorMessage(step, await readCallFailure(error)) };
  }
  if (!isRecoverySuccess(answer)) return { ok: false, message: recoveryRefusedMessage(step, answer) };
  return { ok: true, message: RECOVERY_TEXTS[step].success };
}

export const requestResetCode = (request: ForgotRequest) =>
  recoveryStep('email', () => recovery.requestResetCode(request));
export const verifyResetCode = (request: ResetCodeRequest) =>
  recoveryStep('verify', () => recovery.verifyResetCode(request));
export const resetPassword = (request: ResetPasswordRequest) =>
  recoveryStep('reset', () => recovery.resetPassword(request));
