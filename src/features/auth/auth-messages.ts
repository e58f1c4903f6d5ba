/**
 * Which message the visitor sees when an account call fails (docs/product.md, Messages), as pure
 * functions of the failure. Toast durations live here too so the screens cannot drift.
 */
import type { CallFailure } from '../../shared/call-failure';

/** A non-empty string field of a response body, if there is one. */
export function textField(body: unknown, field: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
import { LOGIN_FAILED } from './login-messages';

export { ERROR_TOAST_MS, LOGIN_FAILED } from './login-messages';
export const SIGNUP_SUCCESS_TOAST_MS = 4000;
export const SIGNUP_REDIRECT_MS = 3000;

export const NO_TOKEN_RECEIVED = 'No token received';

export const SIGNUP_CREATING = 'Creating account...';
export const SIGNUP_SUCCESS = 'Account created successfully!, login with your details';
export const SIGNUP_INVALID_DATA = 'Invalid data provided';
export const SIGNUP_EMAIL_EXISTS = 'Email already exists';
export const SIGNUP_NETWORK_ERROR = 'Network error. Please check your connection.';
export const SIGNUP_FAILED = 'Signup failed. Please try again.';

/** Login: the server's `error` field if present, otherwise the generic text. */
export function loginErrorMessage(failure: CallFailure): string {
  return (failure.kind === 'http' && textField(failure.body, 'error')) || LOGIN_FAILED;
}

/** Sign-up, in priority order: the server's `data` message; 400; 409; no response; otherwise. */
export function signupErrorMessage(failure: CallFailure): string {
  if (failure.kind === 'network') return SIGNUP_NETWORK_ERROR;
  if (failure.kind !== 'http') return SIGNUP_FAILED;
  const serverMessage = textField(failure.body, 'data');
  if (serverMessage) return serverMessage;
  if (failure.status === 400) return SIGNUP_INVALID_DATA;
  if (failure.status === 409) return SIGNUP_EMAIL_EXISTS;
  return SIGNUP_FAILED;
}

export type RecoveryStep = 'email' | 'verify' | 'reset';

/**
 * Password recovery texts per step: `refused` when the server answered `success: false`
 * without a message, `failed` when the call itself failed without a server message.
 */
export const RECOVERY_TEXTS: Record<RecoveryStep, { refused: string; failed: string; success: string }> = {
  email: {
    refused: 'Failed to send code',
    failed: 'Failed to send verification code. Please try again.',
    success: 'Verification code sent to your email',
  },
  verify: {
    refused: 'Invalid verification code',
    failed: 'Invalid verification code. Please try again.',
    success: 'Code verified successfully',
  },
  reset: {
    refused: 'Failed to reset password',
    failed: 'Failed to reset password. Please try again.',
    success: 'Password reset successfully',
  },
};

/** The server answered but with `success` other than true: its message, else the step's text. */
export function recoveryRefusedMessage(step: RecoveryStep, body: unknown): string {
  return textField(body, 'message') ?? RECOVERY_TEXTS[step].refused;
}

/** The call failed: the server's message when an error answer carried one, else the step's text. */
export function recoveryErrorMessage(step: RecoveryStep, failure: CallFailure): string {
  return (failure.kind === 'http' && textField(failure.body, 'message')) || RECOVERY_TEXTS[step].failed;
}

/** A step advances only when the server's response says `success: true`. */
export function isRecoverySuccess(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
}
