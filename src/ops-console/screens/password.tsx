import { useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { OPERATOR_PASSWORD_MIN, opsPasswordSchema } from '../../shared/schemas/ops-console';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/text-field';
import { changePassword, opsKeys } from '../api';
import { showRefusal, useConsoleForm } from '../form-values';
import { setOpsToken } from '../session';

export const MIN_OPERATOR_PASSWORD = OPERATOR_PASSWORD_MIN;

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const serverRules = zodResolver(opsPasswordSchema) as unknown as Resolver<PasswordValues>;

/** The two new passwords agree first; then the server's own schema (length, not a common one). */
const passwordResolver: Resolver<PasswordValues> = (values, context, options) =>
  values.newPassword !== values.confirmPassword
    ? { values: {}, errors: { confirmPassword: { type: 'match', message: 'The two new passwords differ.' } } }
    : serverRules(values, context, options);

/** Changing the password (POST /ops/password): forced after a one-time password; the new token replaces the old session. */
export function PasswordScreen({ forced }: { forced: boolean }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const form = useConsoleForm<PasswordValues>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    resolver: passwordResolver,
  });
  const { errors, isSubmitting } = form.formState;
  const error =
    errors.root?.message ??
    errors.confirmPassword?.message ??
    errors.currentPassword?.message ??
    errors.newPassword?.message;
  const submit = async ({ currentPassword, newPassword }: PasswordValues) => {
    try {
      const token = await changePassword(currentPassword, newPassword);
      await queryClient.invalidateQueries({ queryKey: opsKeys.signedIn() });
      setOpsToken(token);
      setDone(true);
    } catch (failure) {
      await showRefusal(form, failure, 'The password could not be changed.');
    }
  };
  return (
    <main className={forced ? 'ops-centered' : 'ops-main'}>
      <form className="auth-card ops-form" onSubmit={form.handleSubmit(submit)}>
        <h1>{forced ? 'Choose your password' : 'Change your password'}</h1>
        {forced && <p>Your one-time password must be replaced before you can use the console.</p>}
        <TextField
          label="Current password"
          className="text-input"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          {...form.register('currentPassword')}
        />
        <TextField
          label={`New password (at least ${MIN_OPERATOR_PASSWORD} characters)`}
          className="text-input"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_OPERATOR_PASSWORD}
          maxLength={200}
          {...form.register('newPassword')}
        />
        <TextField
          label="New password again"
          className="text-input"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_OPERATOR_PASSWORD}
          maxLength={200}
          {...form.register('confirmPassword')}
        />
        <FormError message={error} className="ops-error" />
        {done && <p role="status">Password changed.</p>}
        <Button type="submit" disabled={isSubmitting}>
          Change password
        </Button>
      </form>
    </main>
  );
}
