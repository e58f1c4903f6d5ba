import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { MAX_LENGTH } from '../../shared/limits';
import { createFlowToasts } from '../../ui/flow-toasts';
import { settleToast } from '../../ui/toast-host';
import { AuthLayout } from './auth-layout';
import {
  ERROR_TOAST_MS,
  SIGNUP_CREATING,
  SIGNUP_REDIRECT_MS,
  SIGNUP_SUCCESS,
  SIGNUP_SUCCESS_TOAST_MS,
} from './auth-messages';
import { signup } from './signup-call';
import { EmailField } from './email-field';
import { FieldError, describedByError } from './field-error';
import { PasswordField } from './password-field';
import {
  EMPTY_SIGNUP_FORM,
  normalizeSignupEmail,
  signupFieldErrors,
  signupFormError,
  type SignupFieldErrors,
  type SignupForm,
} from './signup-rules';
import { useIsMobile } from './use-is-mobile';

type TextField = Exclude<keyof SignupForm, 'acceptsTerms'>;

const FIELD_IDS: Record<keyof SignupForm, string> = {
  firstname: 'signup-firstname',
  lastname: 'signup-lastname',
  email: 'signup-email',
  phonenumber: 'signup-phone',
  password: 'signup-password',
  confirmPassword: 'signup-confirm-password',
  acceptsTerms: 'signup-terms',
};
const FIELD_ORDER = Object.keys(FIELD_IDS) as Array<keyof SignupForm>;

/** Sign-up (/signup, docs/product.md, Accounts). `referralCode` comes from `signup?ref=CODE`. */
export function SignupScreen({ referralCode }: { referralCode?: string }) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [form, setForm] = useState<SignupForm>(EMPTY_SIGNUP_FORM);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [errors, setErrors] = useState<SignupFieldErrors>({});
  const [toasts] = useState(createFlowToasts);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const update = (field: TextField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = field === 'email' ? normalizeSignupEmail(event.target.value) : event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
    // Editing a field clears its error.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  // An error that belongs to a field is shown beside it too, and focus goes to the first such field.
  const showProblem = (problem: string) => {
    const found = signupFieldErrors(form, problem);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const problem = signupFormError(form);
    if (problem) {
      toasts.error(problem, { autoClose: ERROR_TOAST_MS });
      showProblem(problem);
      return;
    }
    setIsSubmitting(true);
    setErrors({});
    toasts.dismissErrors();
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
      const shownId = settleToast(toast, toastId, {
        render: error,
        type: 'error',
        isLoading: false,
        autoClose: ERROR_TOAST_MS,
        closeButton: true,
      });
      toasts.track(shownId);
      setIsSubmitting(false);
      showProblem(error);
      return;
    }
    settleToast(toast, toastId, {
      render: SIGNUP_SUCCESS,
      type: 'success',
      isLoading: false,
      autoClose: SIGNUP_SUCCESS_TOAST_MS,
      closeButton: true,
    });
    // Back to the login form with the new e-mail filled in: signing in is one step.
    const signedUpEmail = form.email.trim();
    redirectTimer.current = setTimeout(() => void navigate({ to: '/', state: { signedUpEmail } }), SIGNUP_REDIRECT_MS);
  };

  const buttonText = isSubmitting ? 'Creating Account...' : isMobile ? 'Sign Up' : 'Create Account';

  return (
    <AuthLayout tagline="Join GreenPick: book a pickup in minutes and earn points.">
      <h1 id="signup-heading">Create your account</h1>
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
            <input
              id="signup-firstname"
              name="firstname"
              autoComplete="given-name"
              required
              maxLength={MAX_LENGTH.name}
              value={form.firstname}
              onChange={update('firstname')}
              {...describedByError(`${FIELD_IDS.firstname}-error`, errors.firstname)}
            />
            <FieldError id={`${FIELD_IDS.firstname}-error`} message={errors.firstname} />
          </div>
          <div className="auth-field">
            <label htmlFor="signup-lastname">Last Name</label>
            <input
              id="signup-lastname"
              name="lastname"
              autoComplete="family-name"
              required
              maxLength={MAX_LENGTH.name}
              value={form.lastname}
              onChange={update('lastname')}
              {...describedByError(`${FIELD_IDS.lastname}-error`, errors.lastname)}
            />
            <FieldError id={`${FIELD_IDS.lastname}-error`} message={errors.lastname} />
          </div>
        </div>
        <EmailField
          id={FIELD_IDS.email}
          name="email"
          value={form.email}
          error={errors.email}
          onChange={update('email')}
        />
        <div className="auth-field">
          <label htmlFor="signup-phone">Phone Number</label>
          <input
            id="signup-phone"
            type="tel"
            name="phonenumber"
            autoComplete="tel"
            placeholder="+2348012345678"
            required
            maxLength={MAX_LENGTH.phone}
            value={form.phonenumber}
            onChange={update('phonenumber')}
            {...describedByError(`${FIELD_IDS.phonenumber}-error`, errors.phonenumber)}
          />
          <FieldError id={`${FIELD_IDS.phonenumber}-error`} message={errors.phonenumber} />
        </div>
        <PasswordField
          label="Password"
          name="password"
          id={FIELD_IDS.password}
          autoComplete="new-password"
          required
          maxLength={MAX_LENGTH.password}
          value={form.password}
          error={errors.password}
          onChange={update('password')}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          id={FIELD_IDS.confirmPassword}
          autoComplete="new-password"
          required
          maxLength={MAX_LENGTH.password}
          value={form.confirmPassword}
          error={errors.confirmPassword}
          onChange={update('confirmPassword')}
        />
        <div className="auth-terms">
          <input
            id="signup-terms"
            type="checkbox"
            name="terms"
            required
            checked={form.acceptsTerms}
            {...describedByError('signup-terms-error', errors.acceptsTerms)}
            onChange={(event) => {
              setForm((current) => ({ ...current, acceptsTerms: event.target.checked }));
              setErrors((current) => ({ ...current, acceptsTerms: undefined }));
            }}
          />
          <label htmlFor="signup-terms">
            I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
          </label>
        </div>
        <FieldError id="signup-terms-error" message={errors.acceptsTerms} />
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
