import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSessionStore } from '../../lib/session-store';
import { notify } from '../../ui/toast-host';
import { MAX_LENGTH } from '../../shared/limits';
import { AuthLayout } from './auth-layout';
import { ERROR_TOAST_MS, LOGIN_FAILED } from './login-messages';
import { EmailField } from './email-field';
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
  // Right after sign-up: the new e-mail is filled in and the password field has focus.
  const signedUpEmail = useRouterState({ select: (state) => state.location.state.signedUpEmail });
  const [email, setEmail] = useState(signedUpEmail ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [isSubmitting, setIsSubmitting] = useState(false);
  // A failed sign-in is about both fields: shown under the password, both marked invalid.
  const [error, setError] = useState<string>();
  const errorToast = useRef<string | number>(undefined);

  useEffect(() => {
    const notice = useSessionStore.getState().takeNotice();
    if (notice) notify((toast) => toast.info(notice, { toastId: 'session-notice', autoClose: ERROR_TOAST_MS }));
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    const result = await import('./login-call')
      .then(({ login }) => login({ email: email.trim(), password }))
      .catch(() => ({ error: LOGIN_FAILED }));
    if ('token' in result) {
      const stale = errorToast.current;
      if (stale !== undefined) notify((toast) => toast.dismiss(stale));
      signIn(result.token, { remember });
      await navigate({ to: '/client/home' });
      return;
    }
    notify((toast) => (errorToast.current = toast.error(result.error, { autoClose: ERROR_TOAST_MS })));
    setError(result.error);
    setIsSubmitting(false);
  };

  // One heading at every width: on a phone the button reads 'Sign In', and a heading never repeats a button.
  const heading = 'Welcome Back';
  const buttonText = isMobile ? (isSubmitting ? 'Signing in...' : 'Sign In') : isSubmitting ? 'Logging in...' : 'Login';

  return (
    <AuthLayout tagline="Waste pickup, recycling and cleaning across Nigeria, paid in naira.">
      <h1 id="login-heading">{heading}</h1>
      <p className="muted">Log in to book a pickup and follow your driver.</p>
      <form className="auth-form" aria-labelledby="login-heading" onSubmit={submit}>
        <EmailField
          id="login-email"
          name="email"
          value={email}
          error={error}
          sharedErrorId="login-error"
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <PasswordField
          label="Password"
          id="login-password"
          autoFocus={Boolean(signedUpEmail)}
          name="password"
          autoComplete="current-password"
          required
          maxLength={MAX_LENGTH.password}
          value={password}
          error={error}
          errorId="login-error"
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
        <div className="auth-row">
          <label className="auth-check">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember me
          </label>
          <Link to="/forgot">Forgot password?</Link>
        </div>
        <button type="submit" className="button auth-submit" disabled={isSubmitting}>
          {buttonText}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/phone">Sign in with your phone number</Link>
      </p>
      <p className="auth-switch">
        Don&apos;t have an account? <Link to="/signup">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
