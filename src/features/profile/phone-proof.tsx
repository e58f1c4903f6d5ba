import { useState } from 'react';
import type { User } from '../../shared/contract';
import { formatPhone } from '../../shared/validation/phone';
import { askCode, proveNumber } from '../../lib/phone-calls';

/**
 * A number just added or changed in the profile is the account's but not proved: its owner
 * proves it with the code sent to it (docs/product.md, Profile). A number another account
 * proved is refused with the server's 409 message.
 */
export function PhoneProof({ phone, onProved }: { phone: string; onProved: (user: User) => void }) {
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    const result = await askCode({ phone, channel: 'sms' });
    setBusy(false);
    if ('error' in result) return setMessage(result.error);
    setMessage(undefined);
    setSent(true);
  };

  const prove = async () => {
    setBusy(true);
    const result = await proveNumber({ phone, code: code.trim() });
    setBusy(false);
    if ('error' in result) return setMessage(result.error);
    onProved(result.user);
  };

  return (
    <section className="profile-card" aria-labelledby="phone-proof-heading">
      <h2 id="phone-proof-heading">Verify {formatPhone(phone)}</h2>
      <p className="muted">We send a 6-digit code to this number by SMS, so it is yours alone.</p>
      {sent ? (
        <div className="profile-form-fields">
          <label htmlFor="phone-proof-code">Code</label>
          <input
            id="phone-proof-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'phone-proof-error' : undefined}
          />
        </div>
      ) : null}
      {message ? (
        <p id="phone-proof-error" className="auth-field-error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="profile-actions">
        {sent ? (
          <button type="button" className="button" disabled={busy || code.length !== 6} onClick={prove}>
            Verify number
          </button>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={send}>
            Send code
          </button>
        )}
      </div>
    </section>
  );
}
