import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { MAX_LENGTH } from '../../shared/limits';
import { AuthLayout } from './auth-layout';
import { ERROR_TOAST_MS, SIGNUP_CREATING, SIGNUP_REDIRECT_MS, SIGNUP_SUCCESS, SIGNUP_SUCCESS_TOAST_MS } from './auth-messages';
import { signup } from './signup-call';
import { PasswordField } from './password-field';
import { EMPTY_SIGNUP_FORM, normalizeSignupEmail, signupFormError, type SignupForm } from './signup-rules';
import { useIsMobile } from './use-is-mobile';

type TextField = Exclude<keyof SignupForm, 'acceptsTerms'>;

/** Sign-up (/signup, SPEC sections 2, 4, 5, 8). `referralCode` comes from `signup?ref=CODE`. */
export function SignupScreen({ referralCode }: { referralCode?: string }) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [form, setForm] = useState<SignupForm>(EMPTY_SIGNUP_FORM);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const update = (field: TextField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = field === 'email' ? normalizeSignupEmail(event.target.value) : event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const problem = signupFormError(form);
    if (problem) {
      toast.error(problem, { autoClose: ERROR_TOAST_MS });
      return;
    }
    setIsSubmitting(true);
    const toastId = toast.loading(SIGNUP_CREATING);
    const { error } = await signup({
      firstname: form.firstname.trim(),
      lastname: form.lastname.trim(),
      email: form.email.trim(),
      phonenumber: form.phonenumber.trim(),
      password: form.password,
      ...(referralCode ? { ref: referralCode } : {}),
    });
    if (error) {
      toast.update(toastId, { render: error, type: 'error', isLoading: false, autoClose: ERROR_TOAST_MS, closeButton: true });
      setIsSubmitting(false);
      return;
    }
    toast.update(toastId, { render: SIGNUP_SUCCESS, type: 'success', isLoading: false, autoClose: SIGNUP_SUCCESS_TOAST_MS, closeButton: true });
    redirectTimer.current = setTimeout(() => void navigate({ to: '/' }), SIGNUP_REDIRECT_MS);
  };

  const buttonText = isSubmitting ? 'Creating Account...' : isMobile ? 'Sign Up' : 'Create Account';

  return (
    <AuthLayout tagline="Join GreenPick: book a pickup in minutes and earn recycle tokens.">
      <h1 id="signup-heading">Create Account</h1>
      <p className="muted">Sign up to book waste pickup, recycling and cleaning.</p>
      {referralCode ? (
        <p className="auth-referral">
          Referral code <strong>{referralCode}</strong> will be applied.
        </p>
      ) : null}
      <form className="auth-form" aria-labelledby="signup-heading" onSubmit={submit}>
        <div className="auth-pair">
          <div className="auth-field">
            <label htmlFor="signup-firstname">First Name</label>
            <input id="signup-firstname" name="firstname" autoComplete="given-name" required maxLength={MAX_LENGTH.name} value={form.firstname} onChange={update('firstname')} />
          </div>
          <div className="auth-field">
            <label htmlFor="signup-lastname">Last Name</label>
            <input id="signup-lastname" name="lastname" autoComplete="family-name" required maxLength={MAX_LENGTH.name} value={form.lastname} onChange={update('lastname')} />
          </div>
        </div>
        <div className="auth-field">
          <label htmlFor="signup-email">Email Address</label>
          <input id="signup-email" type="email" name="email" autoComplete="email" inputMode="email" required maxLength={MAX_LENGTH.email} value={form.email} onChange={update('email')} />
        </div>
        <div className="auth-field">
          <label htmlFor="signup-phone">Phone Number</label>
          <input id="signup-phone" type="tel" name="phonenumber" autoComplete="tel" placeholder="+2348012345678" required maxLength={MAX_LENGTH.phone} value={form.phonenumber} onChange={update('phonenumber')} />
        </div>
        <PasswordField label="Password" name="password" autoComplete="new-password" required maxLength={MAX_LENGTH.password} value={form.password} onChange={update('password')} />
        <PasswordField label="Confirm Password" name="confirmPassword" autoComplete="new-password" required maxLength={MAX_LENGTH.password} value={form.confirmPassword} onChange={update('confirmPassword')} />
        <div className="auth-terms">
          <input id="signup-terms" type="checkbox" name="terms" required checked={form.acceptsTerms} onChange={(event) => setForm((current) => ({ ...current, acceptsTerms: event.target.checked }))} />
          <label htmlFor="signup-terms">
            I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
          </label>
        </div>
        <button type="submit" className="button auth-submit" disabled={isSubmitting}>
          {buttonText}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}
