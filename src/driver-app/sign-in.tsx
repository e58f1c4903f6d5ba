/** Sign-in with phone and password, then the forced change of the one-time password (docs/driver.md). */
import { useForm } from 'react-hook-form';
import { changeDriverPassword, driverLogin, getDriverTasks } from '../lib/api/driver';
import { setDriverToken } from '../lib/driver-token';
import { MAX_LENGTH } from '../shared/limits';
import { Button } from '../ui/button';
import { FormError, TextField } from '../ui/text-field';
import { CodeSignIn } from './code-sign-in';
import { readCallFailure } from '../shared/call-failure';
import { useFormCall } from './form-call';
import { useGo } from './navigation';

/** The password just typed, so the change screen does not ask for it again (memory only). */
let oneTimePassword = '';

export const MUST_CHANGE = 'Change your password first';

export function LoginScreen() {
  const go = useGo();
  const { error, busy, run } = useFormCall(
    'No network: signing in needs a connection.',
    'Could not sign in. Please try again.',
  );

  const form = useForm({ defaultValues: { phone: '', password: '' } });

  const submit = ({ phone, password }: { phone: string; password: string }) =>
    run(async () => {
      setDriverToken(await driverLogin(phone.trim(), password));
      oneTimePassword = password;
      try {
        await getDriverTasks();
        oneTimePassword = '';
        go('/', { replace: true });
      } catch (error) {
        const failure = await readCallFailure(error);
        if (failure.kind === 'http' && failure.status === 403) go('/password', { replace: true });
        else go('/', { replace: true });
      }
    });

  return (
    <main className="driver-auth">
      <h1>GreenPick Driver</h1>
      <p>Sign in with the phone number your operator registered: we send you a code by SMS.</p>
      <CodeSignIn />
      <details className="driver-fallback">
        <summary>Sign in with a password instead</summary>
        <form onSubmit={form.handleSubmit(submit)} className="driver-form" noValidate>
          <TextField
            label="Phone number"
            {...form.register('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={MAX_LENGTH.phone}
          />
          <TextField
            label="Password"
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            required
            maxLength={MAX_LENGTH.password}
          />
          <FormError message={error} className="driver-error" />
          <Button type="submit" className="driver-button" busy={busy} busyText="Signing in…">
            Sign in
          </Button>
        </form>
      </details>
    </main>
  );
}

export function PasswordScreen() {
  const go = useGo();
  const { error, setError, busy, run } = useFormCall(
    'No network: changing the password needs a connection.',
    'Could not change the password.',
  );
  const known = oneTimePassword !== '';

  const form = useForm({ defaultValues: { current: '', new: '', again: '' } });

  const submit = (values: { current: string; new: string; again: string }) => {
    const current = known ? oneTimePassword : values.current;
    if (values.new !== values.again) {
      setError('The two new passwords are not the same.');
      return;
    }
    return run(async () => {
      setDriverToken(await changeDriverPassword(current, values.new));
      oneTimePassword = '';
      go('/', { replace: true });
    });
  };

  return (
    <main className="driver-auth">
      <h1>Choose your password</h1>
      <p>Your operator gave you a one-time password. Choose your own (8 characters at least) to go on.</p>
      <form onSubmit={form.handleSubmit(submit)} className="driver-form" noValidate>
        {known ? null : (
          <TextField
            label="One-time password"
            {...form.register('current')}
            type="password"
            autoComplete="current-password"
            maxLength={MAX_LENGTH.password}
          />
        )}
        <TextField
          label="New password"
          {...form.register('new')}
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={MAX_LENGTH.password}
        />
        <TextField
          label="New password again"
          {...form.register('again')}
          type="password"
          autoComplete="new-password"
          maxLength={MAX_LENGTH.password}
        />
        <FormError message={error} className="driver-error" />
        <Button type="submit" className="driver-button" busy={busy} busyText="Saving…">
          Save password
        </Button>
      </form>
    </main>
  );
}
