/**
 * SMS where there is no push: Termii's send API (POST <SMS_API_URL>/api/sms/send), used only
 * for 'driver assigned' and 'driver arriving' when the client has no push subscription. Off
 * unless SMS_API_URL and SMS_API_KEY are set; tests point SMS_API_URL at a local fake.
 */
import type { ServerConfig } from '../config';

export interface SmsSender {
  /** Resolves when the provider accepted the message; rejects otherwise. */
  send(to: string, text: string): Promise<void>;
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
  const url = new URL('/api/sms/send', smsApiUrl).href;
  return {
    async send(to, text) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        // Termii takes the international number without the plus sign.
        body: JSON.stringify({
          to: to.replace(/^\+/, ''),
          from: smsSenderId,
          sms: text,
          type: 'plain',
          channel: 'generic',
          api_key: smsApiKey,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
      await response.body?.cancel();
    },
  };
}
