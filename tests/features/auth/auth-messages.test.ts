import { describe, expect, it } from 'vitest';
import {
  LOGIN_FAILED,
  RECOVERY_TEXTS,
  SIGNUP_EMAIL_EXISTS,
  SIGNUP_FAILED,
  SIGNUP_INVALID_DATA,
  SIGNUP_NETWORK_ERROR,
  isRecoverySuccess,
  loginErrorMessage,
  recoveryErrorMessage,
  recoveryRefusedMessage,
  signupErrorMessage,
} from '../../../src/features/auth/auth-messages';

const http = (status: number, body: unknown = null) => ({ kind: 'http' as const, status, body });

describe('login errors (error catalogue: "server error field if present, otherwise \'Login failed. Please check your credentials.\'")', () => {
  it('shows the server error field when present', () => {
    expect(loginErrorMessage(http(401, { message: 'x', error: 'Invalid email or password' }))).toBe(
      'Invalid email or password',
    );
  });

  it("falls back to 'Login failed. Please check your credentials.' without an error field", () => {
    expect(LOGIN_FAILED).toBe('Login failed. Please check your credentials.');
    expect(loginErrorMessage(http(500, { message: 'Internal error' }))).toBe(LOGIN_FAILED);
    expect(loginErrorMessage(http(502, null))).toBe(LOGIN_FAILED);
    expect(loginErrorMessage(http(401, { error: '   ' }))).toBe(LOGIN_FAILED);
    expect(loginErrorMessage({ kind: 'network' })).toBe(LOGIN_FAILED);
  });
});

describe('sign-up errors, in priority order (error catalogue)', () => {
  it("first the server's data message", () => {
    expect(signupErrorMessage(http(400, { data: 'Please enter a valid email address' }))).toBe(
      'Please enter a valid email address',
    );
    expect(signupErrorMessage(http(409, { data: 'Email already exists' }))).toBe('Email already exists');
    expect(signupErrorMessage(http(500, { data: 'Database is resting' }))).toBe('Database is resting');
  });

  it("status 400 gives 'Invalid data provided'", () => {
    expect(SIGNUP_INVALID_DATA).toBe('Invalid data provided');
    expect(signupErrorMessage(http(400, { message: 'ignored' }))).toBe(SIGNUP_INVALID_DATA);
  });

  it("status 409 gives 'Email already exists'", () => {
    expect(SIGNUP_EMAIL_EXISTS).toBe('Email already exists');
    expect(signupErrorMessage(http(409))).toBe(SIGNUP_EMAIL_EXISTS);
  });

  it("no response gives 'Network error. Please check your connection.'", () => {
    expect(SIGNUP_NETWORK_ERROR).toBe('Network error. Please check your connection.');
    expect(signupErrorMessage({ kind: 'network' })).toBe(SIGNUP_NETWORK_ERROR);
  });

  it("otherwise 'Signup failed. Please try again.'", () => {
    expect(SIGNUP_FAILED).toBe('Signup failed. Please try again.');
    expect(signupErrorMessage(http(500, { message: 'boom' }))).toBe(SIGNUP_FAILED);
    expect(signupErrorMessage(http(429, null))).toBe(SIGNUP_FAILED);
    expect(signupErrorMessage({ kind: 'other' })).toBe(SIGNUP_FAILED);
  });
});

describe('password recovery errors ("the server message is preferred when present")', () => {
  it('a refusal (success other than true) shows the server message, else the short text', () => {
    expect(
      recoveryRefusedMessage('verify', {
        success: false,
        message: 'Verification code has expired. Please request a new code.',
      }),
    ).toBe('Verification code has expired. Please request a new code.');
    expect(recoveryRefusedMessage('email', { success: false })).toBe('Failed to send code');
    expect(recoveryRefusedMessage('verify', {})).toBe('Invalid verification code');
    expect(recoveryRefusedMessage('reset', null)).toBe('Failed to reset password');
  });

  it('a failed call shows the server message of the error answer, else the "Please try again." text', () => {
    expect(recoveryErrorMessage('verify', http(400, { success: false, message: 'Invalid verification code' }))).toBe(
      'Invalid verification code',
    );
    expect(recoveryErrorMessage('email', { kind: 'network' })).toBe(
      'Failed to send verification code. Please try again.',
    );
    expect(recoveryErrorMessage('verify', http(500, null))).toBe('Invalid verification code. Please try again.');
    expect(recoveryErrorMessage('reset', { kind: 'other' })).toBe('Failed to reset password. Please try again.');
  });

  it('the success toasts', () => {
    expect(RECOVERY_TEXTS.email.success).toBe('Verification code sent to your email');
    expect(RECOVERY_TEXTS.verify.success).toBe('Code verified successfully');
    expect(RECOVERY_TEXTS.reset.success).toBe('Password reset successfully');
  });

  it('"a step advances only when the server reply has success true"', () => {
    expect(isRecoverySuccess({ success: true, message: 'ok' })).toBe(true);
    expect(isRecoverySuccess({ success: 'true' })).toBe(false);
    expect(isRecoverySuccess({ success: false })).toBe(false);
    expect(isRecoverySuccess({ message: 'Verification code sent to your email' })).toBe(false);
    expect(isRecoverySuccess(null)).toBe(false);
  });
});
