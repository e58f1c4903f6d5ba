import { type FormEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { changePassword, opsKeys } from '../api';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/text-field';
import { errorText } from '../http';
import { setOpsToken } from '../session';

export const MIN_OPERATOR_PASSWORD = 12;

/** Changing the password (POST /ops/password): forced after a one-time password; the new token replaces the old session. */
export function PasswordScreen({ forced }: { forced: boolean }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = String(form.get('newPassword') ?? '');
    if (next !== String(form.get('confirmPassword') ?? '')) {
      setError('The two new passwords differ.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const token = await changePassword(String(form.get('currentPassword') ?? ''), next);
      await queryClient.invalidateQueries({ queryKey: opsKeys.signedIn() });
      setOpsToken(token);
      setDone(true);
    } catch (failure) {
      setError(await errorText(failure, 'The password could not be changed.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className={forced ? 'ops-centered' : 'ops-main'}>
      <form className="auth-card ops-form" onSubmit={(event) => void submit(event)}>
        <h1>{forced ? 'Choose your password' : 'Change your password'}</h1>
        {forced && <p>Your one-time password must be replaced before you can use the console.</p>}
        <TextField
          label="Current password"
          className="text-input"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
        />
        <TextField
          label={`New password (at least ${MIN_OPERATOR_PASSWORD} characters)`}
          className="text-input"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_OPERATOR_PASSWORD}
          maxLength={200}
        />
        <TextField
          label="New password again"
          className="text-input"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_OPERATOR_PASSWORD}
          maxLength={200}
        />
        <FormError message={error} className="ops-error" />
        {done && <p role="status">Password changed.</p>}
        <Button type="submit" disabled={busy}>
          Change password
        </Button>
      </form>
    </main>
  );
}
