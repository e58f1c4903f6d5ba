/**
 * The phone sign-in's calls (src/lib/api/phone.ts) with the messages the visitor sees; loaded
 * with the screen.
 */
import { provePhone, startPhoneCode, verifyPhoneCode } from './api/phone';
import { useSessionStore } from './session-store';
import { failureMessage, readCallFailure } from '../shared/call-failure';
import type { PhoneVerifyRequest, User } from '../shared/contract';

const FAILED = 'Something went wrong. Please try again.';

/** When 'Resend' and 'Call me instead' open (epoch ms). */
export interface CodeWaits {
  resendAt: number;
  voiceAt: number;
}

async function failed(error: unknown): Promise<{ error: string }> {
  // A 401 here is the code's answer, not an ended session.
  useSessionStore.getState().takeNotice();
  return { error: failureMessage(await readCallFailure(error), FAILED) };
}

export async function askCode(request: {
  phone: string;
  channel: 'sms' | 'voice';
}): Promise<CodeWaits | { error: string }> {
  try {
    const { data } = await startPhoneCode(request);
    const now = Date.now();
    return { resendAt: now + data.resendInSeconds * 1000, voiceAt: now + data.voiceInSeconds * 1000 };
  } catch (error) {
    return failed(error);
  }
}

export async function sendCode(
  request: PhoneVerifyRequest,
): Promise<{ token: string } | { needsName: true } | { error: string }> {
  try {
    const answer = await verifyPhoneCode(request);
    if ('needsName' in answer) return { needsName: true };
    return typeof answer.data === 'string' && answer.data ? { token: answer.data } : { error: FAILED };
  } catch (error) {
    return failed(error);
  }
}

export async function proveNumber(request: {
  phone: string;
  code: string;
}): Promise<{ user: User } | { error: string }> {
  try {
    return { user: (await provePhone(request)).data };
  } catch (error) {
    return failed(error);
  }
}
