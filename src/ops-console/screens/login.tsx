import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { FormError, TextField } from '../../ui/text-field';
import { login } from '../api';
import { errorText } from '../http';
import { setOpsToken, lastSignOutReason } from '../session';

/** Sign-in with e-mail and password (POST /ops/login). */
export function LoginScreen() {
  const [notice] = useState(lastSignOutReason);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      setOpsToken(await login(String(form.get('email') ?? '').trim(), String(form.get('password') ?? '')));
    } catch (failure) {
      setError(await errorText(failure, 'Sign-in failed.'));
      setBusy(false);
    }
  };
  return (
    <main className="ops-centered">
      <form className="auth-card ops-form" onSubmit={(event) => void submit(event)}>
        <Logo />
        <h1>Operations console</h1>
        {notice && <p role="status">{notice}</p>}
        <TextField
          label="E-mail"
          className="text-input"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
        />
        <TextField
          label="Password"
          className="text-input"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
        />
        <FormError message={error} className="ops-error" />
        <Button type="submit" disabled={busy}>
          Sign in
        </Button>
      </form>
    </main>
  );
}
