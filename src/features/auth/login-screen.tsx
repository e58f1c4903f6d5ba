import { Link } from '@tanstack/react-router';
import { Logo } from '../../ui/logo';

/** The landing and login screen (/ and /login). The sign-in form comes with the auth issue. */
export function LoginScreen() {
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="login-heading">
        <Logo />
        <h1 id="login-heading">Welcome Back</h1>
        <p className="muted">Book waste pickup, recycling and cleaning, and pay in naira. The sign-in form is on its way.</p>
        <nav aria-label="Account" className="auth-links">
          <Link to="/signup">Sign up</Link>
          <Link to="/forgot">Forgot password?</Link>
        </nav>
      </section>
    </main>
  );
}
