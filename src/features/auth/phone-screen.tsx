import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSessionStore } from '../../lib/session-store';
import { MAX_LENGTH } from '../../shared/limits';
import { formatPhone, normalizePhone, INVALID_PHONE } from '../../shared/validation/phone';
import { Button } from '../../ui/button';
import { notify } from '../../ui/toast-host';
import { AuthLayout } from './auth-layout';
import { FieldError, describedByError } from './field-error';
import { ERROR_TOAST_MS } from './login-messages';
import { type CodeWaits, askCode, sendCode } from '../../lib/phone-calls';
import { receiveSmsCode } from '../../lib/web-otp';

type Step = 'phone' | 'code' | 'name';

interface PhoneValues {
  phone: string;
  code: string;
  firstname: string;
  lastname: string;
}

/** Seconds left until `at` (ms), counted down once a second while above zero. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((at - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}

/**
 * Sign in or sign up with a phone number (/phone; docs/product.md, Accounts): the number, then
 * the 6-digit code it received ('Resend' after 60 s, 'Call me instead' after 30 s; Android
 * fills it in through WebOTP), then for a number without an account the first and last name.
 */
export function PhoneScreen() {
  const navigate = useNavigate();
  const signIn = useSessionStore((state) => state.signIn);
  const [step, setStep] = useState<Step>('phone');
  // The three steps' fields in one form; a step's problem is a root error, gone when a field is edited.
  const form = useForm<PhoneValues>({ defaultValues: { phone: '', code: '', firstname: '', lastname: '' } });
  const phone = form.watch('phone');
  const error = form.formState.errors.root?.message;
  const setError = (message: string | undefined) =>
    message === undefined ? form.clearErrors('root') : form.setError('root', { message });
  const field = (name: keyof PhoneValues) => form.register(name, { onChange: () => form.clearErrors('root') });
  const [busy, setBusy] = useState(false);
  const [waits, setWaits] = useState<CodeWaits>({ resendAt: 0, voiceAt: 0 });
  const resendIn = useSecondsUntil(waits.resendAt);
  const voiceIn = useSecondsUntil(waits.voiceAt);
  const e164 = normalizePhone(phone);
  const codeField = useRef<HTMLInputElement>(null);

  const fail = (message: string) => {
    setError(message);
    notify((toast) => toast.error(message, { autoClose: ERROR_TOAST_MS }));
  };

  const ask = async (channel: 'sms' | 'voice') => {
    if (!e164) return fail(INVALID_PHONE);
    setBusy(true);
    const result = await askCode({ phone: e164, channel });
    setBusy(false);
    if ('error' in result) return fail(result.error);
    setError(undefined);
    setWaits(result);
    setStep('code');
    notify((toast) =>
      toast.success(channel === 'voice' ? 'We are calling you with your code' : `Code sent to ${formatPhone(e164)}`),
    );
  };

  const verify = async (typed: string, names?: { firstname: string; lastname: string }) => {
    if (!e164 || busy) return;
    setBusy(true);
    const result = await sendCode({ phone: e164, code: typed.trim(), ...names });
    setBusy(false);
    if ('error' in result) return fail(result.error);
    setError(undefined);
    if ('needsName' in result) return setStep('name');
    signIn(result.token, { remember: true });
    await navigate({ to: '/client/home' });
  };

  // Android fills the code in from the SMS (WebOTP) while the code step is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per code step; verify reads the latest number.
  useEffect(() => {
    if (step !== 'code') return;
    codeField.current?.focus();
    const stop = new AbortController();
    void receiveSmsCode(stop.signal).then((received) => {
      if (!received || stop.signal.aborted) return;
      form.setValue('code', received);
      void verify(received);
    });
    return () => stop.abort();
  }, [step, waits]);

  const submit = ({ code, firstname, lastname }: PhoneValues) => {
    if (step === 'phone') void ask('sms');
    else if (step === 'code') void verify(code);
    else void verify(code, { firstname: firstname.trim(), lastname: lastname.trim() });
  };

  // The code keeps only digits as typed; the step's effect focuses it through the same ref.
  const registeredCode = field('code');
  const codeProps = {
    ...registeredCode,
    ref: (element: HTMLInputElement | null) => {
      registeredCode.ref(element);
      codeField.current = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = event.target.value.replace(/\D/g, '');
      return registeredCode.onChange(event);
    },
  };

  return (
    <AuthLayout tagline="Waste pickup, recycling and cleaning across Nigeria, paid in naira.">
      <h1 id="phone-heading">{step === 'name' ? 'Your name' : 'Sign in with your phone number'}</h1>
      <p className="muted">
        {step === 'phone'
          ? 'We send a 6-digit code by SMS. No password needed.'
          : step === 'code'
            ? `Enter the 6-digit code sent to ${e164 ? formatPhone(e164) : phone}.`
            : 'This number has no account yet: tell us your name to create one.'}
      </p>
      <form className="auth-form" aria-labelledby="phone-heading" onSubmit={form.handleSubmit(submit)} noValidate>
        {step === 'phone' ? (
          <div className="auth-field">
            <label htmlFor="phone-number">Phone Number</label>
            <input
              id="phone-number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="0803 123 4567"
              required
              maxLength={MAX_LENGTH.phone}
              {...field('phone')}
              {...describedByError('phone-error', error)}
            />
            <FieldError id="phone-error" message={error} />
          </div>
        ) : null}
        {step === 'code' ? (
          <>
            <div className="auth-field">
              <label htmlFor="phone-code">Code</label>
              <input
                id="phone-code"
                type="text"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                {...codeProps}
                {...describedByError('phone-error', error)}
              />
              <FieldError id="phone-error" message={error} />
            </div>
            <div className="auth-row">
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy || resendIn > 0}
                onClick={() => ask('sms')}
              >
                {resendIn > 0 ? `Resend in ${resendIn} s` : 'Resend'}
              </button>
              <button
                type="button"
                className="button button-secondary button-small"
                disabled={busy || voiceIn > 0}
                onClick={() => ask('voice')}
              >
                {voiceIn > 0 ? `Call me instead in ${voiceIn} s` : 'Call me instead'}
              </button>
            </div>
          </>
        ) : null}
        {step === 'name' ? (
          <>
            <div className="auth-field">
              <label htmlFor="phone-firstname">First Name</label>
              <input
                id="phone-firstname"
                autoComplete="given-name"
                required
                maxLength={MAX_LENGTH.name}
                {...form.register('firstname')}
              />
            </div>
            <div className="auth-field">
              <label htmlFor="phone-lastname">Last Name</label>
              <input
                id="phone-lastname"
                autoComplete="family-name"
                required
                maxLength={MAX_LENGTH.name}
                {...form.register('lastname')}
                {...describedByError('phone-error', error)}
              />
              <FieldError id="phone-error" message={error} />
            </div>
          </>
        ) : null}
        <Button type="submit" className="button auth-submit" disabled={busy}>
          {step === 'phone' ? 'Send code' : step === 'code' ? 'Verify' : 'Create account'}
        </Button>
      </form>
      <p className="auth-switch">
        {step === 'phone' ? (
          <>
            Prefer your e-mail? <Link to="/login">Log in with e-mail</Link>
          </>
        ) : (
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setStep('phone');
              form.setValue('code', '');
              setError(undefined);
            }}
          >
            Use another number
          </button>
        )}
      </p>
    </AuthLayout>
  );
}
