import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { MAX_LENGTH } from '../../shared/limits';
import { rulesResolver } from '../../lib/form-resolver';
import { Button } from '../../ui/button';
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

/** The first broken rule's problem, shown beside its fields (the toast says it too, from `submit`). */
const signupResolver = rulesResolver<SignupForm>((form) => {
  const problem = signupFormError(form);
  return problem ? signupFieldErrors(form, problem) : {};
});

const focusFirst = (errors: Partial<Record<keyof SignupForm, unknown>>) => {
  const first = FIELD_ORDER.find((field) => errors[field]);
  if (first) document.getElementById(FIELD_IDS[first])?.focus();
};

/** Sign-up (/signup, docs/product.md, Accounts). `referralCode` comes from `signup?ref=CODE`. */
export function SignupScreen({ referralCode }: { referralCode?: string }) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  // Checked on submit only; editing a field clears its error (no re-check while typing).
  const form = useForm<SignupForm>({
    defaultValues: EMPTY_SIGNUP_FORM,
    resolver: signupResolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const errors = Object.fromEntries(
    Object.entries(form.formState.errors).map(([field, error]) => [field, error?.message]),
  ) as SignupFieldErrors;
  const [toasts] = useState(createFlowToasts);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const field = (name: TextField) => {
    const registered = form.register(name, { onChange: () => form.clearErrors(name) });
    if (name !== 'email') return registered;
    return {
      ...registered,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = normalizeSignupEmail(event.target.value);
        return registered.onChange(event);
      },
    };
  };

  // A server's refusal that names a field is shown beside it too, and focus goes to that field.
  const showProblem = (problem: string) => {
    const found = signupFieldErrors(form.getValues(), problem);
    form.clearErrors();
    for (const [name, message] of Object.entries(found)) form.setError(name as keyof SignupForm, { message });
    focusFirst(found);
  };

  const send = async (values: SignupForm) => {
    setIsSubmitting(true);
    toasts.dismissErrors();
    const toastId = toast.loading(SIGNUP_CREATING);
    const { error } = await signup({
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      email: values.email.trim(),
      phonenumber: values.phonenumber.trim(),
      password: values.password,
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
    const signedUpEmail = values.email.trim();
    redirectTimer.current = setTimeout(() => void navigate({ to: '/', state: { signedUpEmail } }), SIGNUP_REDIRECT_MS);
  };

  const refuse = (found: Partial<Record<keyof SignupForm, unknown>>) => {
    const problem = signupFormError(form.getValues());
    if (problem) toasts.error(problem, { autoClose: ERROR_TOAST_MS });
    focusFirst(found);
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
      <form
        className="auth-form"
        aria-labelledby="signup-heading"
        onSubmit={(event) => {
          // A second press while the call runs sends nothing (the button is disabled too).
          if (isSubmitting) event.preventDefault();
          else void form.handleSubmit(send, refuse)(event);
        }}
      >
        <div className="auth-pair">
          <div className="auth-field">
            <label htmlFor="signup-firstname">First Name</label>
            <input
              id="signup-firstname"
              autoComplete="given-name"
              required
              maxLength={MAX_LENGTH.name}
              {...field('firstname')}
              {...describedByError(`${FIELD_IDS.firstname}-error`, errors.firstname)}
            />
            <FieldError id={`${FIELD_IDS.firstname}-error`} message={errors.firstname} />
          </div>
          <div className="auth-field">
            <label htmlFor="signup-lastname">Last Name</label>
            <input
              id="signup-lastname"
              autoComplete="family-name"
              required
              maxLength={MAX_LENGTH.name}
              {...field('lastname')}
              {...describedByError(`${FIELD_IDS.lastname}-error`, errors.lastname)}
            />
            <FieldError id={`${FIELD_IDS.lastname}-error`} message={errors.lastname} />
          </div>
        </div>
        <EmailField id={FIELD_IDS.email} error={errors.email} {...field('email')} />
        <div className="auth-field">
          <label htmlFor="signup-phone">Phone Number</label>
          <input
            id="signup-phone"
            type="tel"
            autoComplete="tel"
            placeholder="+2348012345678"
            required
            maxLength={MAX_LENGTH.phone}
            {...field('phonenumber')}
            {...describedByError(`${FIELD_IDS.phonenumber}-error`, errors.phonenumber)}
          />
          <FieldError id={`${FIELD_IDS.phonenumber}-error`} message={errors.phonenumber} />
        </div>
        <PasswordField
          label="Password"
          id={FIELD_IDS.password}
          autoComplete="new-password"
          required
          maxLength={MAX_LENGTH.password}
          error={errors.password}
          {...field('password')}
        />
        <PasswordField
          label="Confirm Password"
          id={FIELD_IDS.confirmPassword}
          autoComplete="new-password"
          required
          maxLength={MAX_LENGTH.password}
          error={errors.confirmPassword}
          {...field('confirmPassword')}
        />
        <div className="auth-terms">
          <input
            id="signup-terms"
            type="checkbox"
            required
            {...describedByError('signup-terms-error', errors.acceptsTerms)}
            {...form.register('acceptsTerms', { onChange: () => form.clearErrors('acceptsTerms') })}
          />
          <label htmlFor="signup-terms">
            I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>
          </label>
        </div>
        <FieldError id="signup-terms-error" message={errors.acceptsTerms} />
        <Button type="submit" className="button auth-submit" disabled={isSubmitting}>
          {buttonText}
        </Button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}
