/**
 * The driver's main sign-in (docs/driver.md): a code sent by SMS to the phone the operator
 * registered; the one-time password an admin issues stays below as the fallback. Android
 * fills the code in from the SMS (WebOTP).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { askDriverCode, driverCodeLogin } from '../lib/api/driver';
import { setDriverToken } from '../lib/driver-token';
import { MAX_LENGTH } from '../shared/limits';
import { receiveSmsCode } from '../lib/web-otp';
import { Button } from '../ui/button';
import { FormError, TextField } from '../ui/text-field';
import { useFormCall } from './form-call';
import { useGo } from './navigation';

export function CodeSignIn() {
  const go = useGo();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const { error, busy, run } = useFormCall(
    'No network: signing in needs a connection.',
    'Could not sign in. Please try again.',
  );

  const signIn = (typed: string) =>
    run(async () => {
      setDriverToken(await driverCodeLogin(phone.trim(), typed.trim()));
      go('/', { replace: true });
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per code sent; signIn reads the typed number.
  useEffect(() => {
    if (!sent) return;
    const stop = new AbortController();
    void receiveSmsCode(stop.signal).then((received) => {
      if (!received || stop.signal.aborted) return;
      setCode(received);
      void signIn(received);
    });
    return () => stop.abort();
  }, [sent]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sent)
      return run(async () => {
        await askDriverCode(phone.trim());
        setSent(true);
      });
    return signIn(code);
  };

  return (
    <form onSubmit={submit} className="driver-form" noValidate aria-label="Sign in with a code">
      <TextField
        label="Phone number"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={MAX_LENGTH.phone}
        value={phone}
        readOnly={sent}
        onChange={(event) => setPhone(event.target.value)}
      />
      {sent ? (
        <TextField
          label="Code from the SMS"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
      ) : null}
      <FormError message={error} className="driver-error" />
      <Button type="submit" className="driver-button" busy={busy} busyText={sent ? 'Signing in…' : 'Sending…'}>
        {sent ? 'Sign in' : 'Send me a code'}
      </Button>
      {sent ? (
        <Button
          className="driver-button-quiet"
          disabled={busy}
          onClick={() => {
            setSent(false);
            setCode('');
          }}
        >
          Use another number
        </Button>
      ) : null}
    </form>
  );
}
