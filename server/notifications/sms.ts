/**
 * Termii (docs/operations.md, SMS): its send API (POST <SMS_API_URL>/api/sms/send) for
 * 'driver assigned' and 'driver arriving' when the client has no push subscription, and for
 * sign-in codes on the `dnd` route (it reaches numbers on the Do-Not-Disturb list); its voice
 * call API (POST /api/sms/otp/call) reads a code out. Our server draws and hashes the codes
 * (Termii's own token API would keep them, and could not end the text with the WebOTP line).
 * Off unless SMS_API_URL and SMS_API_KEY are set; tests point SMS_API_URL at a local fake.
 */
import type { ServerConfig } from '../config';
import type { Logger } from '../log';

/** Sends sign-in codes; resolves when the provider accepted the message, rejects otherwise. */
export interface CodeSender {
  /** A sign-in code's text, on the route for codes (`dnd`). */
  sendCode(to: string, text: string): Promise<void>;
  /** A voice call reading the numeric code out. */
  callCode(to: string, code: string): Promise<void>;
}

export interface SmsSender extends CodeSender {
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send(to: string, text: string): Promise<void>;
}

/** Outside production without Termii: codes are written to the log, as the dev mailbox does with mail. */
export function createDevCodeLog(logger: Logger): CodeSender {
  const log = logger.child({ module: 'sms' });
  return {
    async sendCode(to, text) {
      log.info({ to, text }, 'dev SMS (SMS_API_URL is not set)');
    },
    async callCode(to, code) {
      log.info({ to, code }, 'dev voice call (SMS_API_URL is not set)');
    },
  };
}

/**
 * The E.164 form of a number people wrote ('0801 234 5678', '+234 (0)801...'): '+2348012345678';
 * numbers without a country code are Nigerian. Null when it cannot be one.
 */
export function toE164(phone: string): string | null {
  if (phone.length > 40) return null;
  let digits = phone.replace(/[\s().-]/g, '');
  const international = digits.startsWith('+');
  if (international) digits = digits.slice(1);
  if (!/^[0-9]{6,16}$/.test(digits)) return null;
  if (digits.startsWith('2340')) digits = `234${digits.slice(4)}`;
  else if (digits.startsWith('0')) digits = `234${digits.slice(1)}`;
  else if (!international && !digits.startsWith('234')) digits = `234${digits}`;
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
}

export function createTermiiSender(config: ServerConfig, timeoutMs = 10_000): SmsSender | undefined {
  const { smsApiUrl, smsApiKey, smsSenderId } = config;
  if (!smsApiUrl || !smsApiKey) return undefined;
  async function post(path: string, body: Record<string, unknown>, retried = false): Promise<void> {
    let response: Response;
    try {
      response = await fetch(new URL(path, smsApiUrl).href, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...body, api_key: smsApiKey }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      // A kept-alive connection the provider closed while idle resets before our request is
      // read: once, on a fresh connection, is safe and saves the client a 'try again'.
      if (!retried && (error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET')
        return post(path, body, true);
      throw error;
    }
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    await response.body?.cancel();
  }
  // Termii takes the international number without the plus sign.
  const international = (to: string) => to.replace(/^\+/, '');
  const sms = (to: string, text: string, channel: 'generic' | 'dnd') =>
    post('/api/sms/send', { to: international(to), from: smsSenderId, sms: text, type: 'plain', channel });
  return {
    send: (to, text) => sms(to, text, 'generic'),
    sendCode: (to, text) => sms(to, text, 'dnd'),
    callCode: (to, code) => post('/api/sms/otp/call', { phone_number: international(to), code: Number(code) }),
  };
}
