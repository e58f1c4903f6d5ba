/**
 * The driver's main sign-in (docs/driver.md): a code sent by SMS to the phone the operator
 * registered; the one-time password an admin issues stays below as the fallback. Android
 * fills the code in from the SMS (WebOTP).
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
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
  const form = useForm({ defaultValues: { phone: '', code: '' } });
  const [sent, setSent] = useState(false);
  const { error, busy, run } = useFormCall(
    'No network: signing in needs a connection.',
    'Could not sign in. Please try again.',
  );

  const signIn = (typed: string) =>
    run(async () => {
      setDriverToken(await driverCodeLogin(form.getValues('phone').trim(), typed.trim()));
      go('/', { replace: true });
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per code sent; signIn reads the typed number.
  useEffect(() => {
    if (!sent) return;
    const stop = new AbortController();
    void receiveSmsCode(stop.signal).then((received) => {
      if (!received || stop.signal.aborted) return;
      form.setValue('code', received);
      void signIn(received);
    });
    return () => stop.abort();
  }, [sent]);

  const submit = ({ phone, code }: { phone: string; code: string }) => {
    if (!sent)
      return run(async () => {
        await askDriverCode(phone.trim());
        setSent(true);
      });
    return signIn(code);
  };

  // The code keeps only digits as typed.
  const codeField = form.register('code');
  const onCode = (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = event.target.value.replace(/\D/g, '');
    return codeField.onChange(event);
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} className="driver-form" noValidate aria-label="Sign in with a code">
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={MAX_LENGTH.phone}
        readOnly={sent}
        {...form.register('phone')}
      />
      {sent ? (
        <TextField
          label="Code from the SMS"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          {...codeField}
          onChange={onCode}
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
            form.setValue('code', '');
          }}
        >
          Use another number
        </Button>
      ) : null}
    </form>
  );
}
