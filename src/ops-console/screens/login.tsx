import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { opsLoginSchema } from '../../shared/schemas/ops-console';
import { Button } from '../../ui/button';
import { Logo } from '../../ui/logo';
import { FormError, TextField } from '../../ui/text-field';
import { login } from '../api';
import { firstError, showRefusal, useConsoleForm } from '../form-values';
import { setOpsToken, lastSignOutReason } from '../session';

interface LoginValues {
  email: string;
  password: string;
}

/** Sign-in with e-mail and password (POST /ops/login), checked first by the server's own schema. */
export function LoginScreen() {
  const [notice] = useState(lastSignOutReason);
  const form = useConsoleForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(opsLoginSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const error = firstError(errors);
  const submit = async ({ email, password }: LoginValues) => {
    try {
      setOpsToken(await login(email, password));
    } catch (failure) {
      await showRefusal(form, failure, 'Sign-in failed.');
    }
  };
  return (
    <main className="ops-centered">
      <form className="auth-card ops-form" onSubmit={form.handleSubmit(submit)}>
        <Logo />
        <h1>Operations console</h1>
        {notice && <p role="status">{notice}</p>}
        <TextField
          label="E-mail"
          className="text-input"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          className="text-input"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          {...form.register('password')}
        />
        <FormError message={error} className="ops-error" />
        <Button type="submit" disabled={isSubmitting}>
          Sign in
        </Button>
      </form>
    </main>
  );
}
