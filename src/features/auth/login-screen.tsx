import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSessionStore } from '../../lib/session-store';
import { notify } from '../../ui/toast-host';
import { AuthLayout } from './auth-layout';
import { ERROR_TOAST_MS, LOGIN_FAILED } from './login-messages';
import { PasswordField } from './password-field';
import { useIsMobile } from './use-is-mobile';

/**
 * The landing and login screen (/ and /login). The call itself (and the HTTP client) is
 * loaded on submit, so the first visit stays small. A notice left by an expired session
 * (a 401 anywhere) is shown once, on arrival.
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const signIn = useSessionStore((state) => state.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [isSubmitting, setIsSubmitting] = useState(false);

  useEffect(() => {
    const notice = useSessionStore.getState().takeNotice();
    if (notice) notify((toast) => toast.info(notice, { toastId: 'session-notice', autoClose: ERROR_TOAST_MS }));
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    const result = await import('./api/login')
      .then(({ login }) => login({ email: email.trim(), password }))
      .catch(() => ({ error: LOGIN_FAILED }));
    if ('token' in result) {
      signIn(result.token, { remember });
      await navigate({ to: '/client/home' });
      return;
    }
    notify((toast) => toast.error(result.error, { autoClose: ERROR_TOAST_MS }));
    setIsSubmitting(false);
  };

  const heading = isMobile ? 'Sign In' : 'Welcome Back';
  const buttonText = isMobile ? (isSubmitting ? 'Signing in...' : 'Sign In') : isSubmitting ? 'Logging in...' : 'Login';

  return (
    <AuthLayout tagline="Waste pickup, recycling and cleaning across Nigeria, paid in naira.">
      <h1 id="login-heading">{heading}</h1>
      <p className="muted">Log in to book a pickup and follow your driver.</p>
      <form className="auth-form" aria-labelledby="login-heading" onSubmit={submit}>
        <div className="auth-field">
          <label htmlFor="login-email">Email Address</label>
          <input id="login-email" type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <PasswordField label="Password" name="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        <div className="auth-row">
          <label className="auth-check">
            <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            Remember me
          </label>
          <Link to="/forgot">Forgot password?</Link>
        </div>
        <button type="submit" className="button auth-submit" disabled={isSubmitting}>
          {buttonText}
        </button>
      </form>
      <p className="auth-switch">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
