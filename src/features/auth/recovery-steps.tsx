import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_LENGTH } from '../../shared/limits';
import { CodeInput } from './code-input';
import { EmailField } from './email-field';
import { FieldError } from './field-error';
import { PasswordField } from './password-field';
import { MIN_NEW_PASSWORD_LENGTH } from './recovery-rules';

/** A step's error, shown beside the field it belongs to (its toast says it too). */
export interface StepError {
  field: 'email' | 'code' | 'newPassword' | 'confirmation';
  message: string;
}

interface StepProps {
  /** Move focus to the heading on arrival (every step reached by Next or Back). */
  announce: boolean;
  isBusy: boolean;
  onBack: () => void;
  error: StepError | null;
}

/** The step's error message when it belongs to this field. */
function errorOf(error: StepError | null, field: StepError['field']): string | undefined {
  return error?.field === field ? error.message : undefined;
}

function StepForm({
  title,
  intro,
  announce,
  onSubmit,
  onBack,
  children,
}: Omit<StepProps, 'isBusy' | 'error'> & {
  title: string;
  intro: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (announce) heading.current?.focus();
  }, [announce]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <>
      <h1 id="recovery-heading" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className="muted">{intro}</p>
      <form className="recovery-form" aria-labelledby="recovery-heading" onSubmit={submit}>
        {children}
        <button type="button" className="recovery-back" onClick={onBack}>
          Back
        </button>
      </form>
    </>
  );
}

export function EmailStep({
  emailField,
  isBusy,
  onSubmit,
  onBack,
  announce,
  error,
}: StepProps & { emailField: UseFormRegisterReturn; onSubmit: () => void }) {
  const message = errorOf(error, 'email');
  return (
    <StepForm
      title="Forgot Password"
      intro="Enter the email address of your account and we will send you a 4-digit verification code."
      announce={announce}
      onSubmit={onSubmit}
      onBack={onBack}
    >
      <EmailField id="recovery-email" error={message} {...emailField} />
      <button type="submit" className="button" disabled={isBusy}>
        {isBusy ? 'Sending Code...' : 'Send Code'}
      </button>
    </StepForm>
  );
}

export function VerifyStep(
  props: StepProps & {
    email: string;
    code: string[];
    onCode: (code: string[]) => void;
    onSubmit: () => void;
    onResend: () => void;
  },
) {
  return (
    <StepForm
      title="Verify Code"
      intro={
        <>
          Enter the 4-digit code sent to <strong>{props.email}</strong>.
        </>
      }
      announce={props.announce}
      onSubmit={props.onSubmit}
      onBack={props.onBack}
    >
      <CodeInput
        digits={props.code}
        onChange={props.onCode}
        disabled={props.isBusy}
        error={errorOf(props.error, 'code')}
        errorId="recovery-code-error"
      />
      <FieldError id="recovery-code-error" message={errorOf(props.error, 'code')} />
      <button type="submit" className="button" disabled={props.isBusy}>
        {props.isBusy ? 'Verifying...' : 'Verify Code'}
      </button>
      <button type="button" className="recovery-link" onClick={props.onResend} disabled={props.isBusy}>
        Send a new code
      </button>
    </StepForm>
  );
}

export function ResetStep({
  isBusy,
  onSubmit,
  onBack,
  announce,
  error,
  newPasswordField,
  confirmationField,
}: StepProps & {
  onSubmit: () => void;
  newPasswordField: UseFormRegisterReturn;
  confirmationField: UseFormRegisterReturn;
}) {
  return (
    <StepForm
      title="Reset Password"
      intro="Choose a new password for your account."
      announce={announce}
      onSubmit={onSubmit}
      onBack={onBack}
    >
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        required
        minLength={MIN_NEW_PASSWORD_LENGTH}
        maxLength={MAX_LENGTH.password}
        error={errorOf(error, 'newPassword')}
        {...newPasswordField}
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        required
        minLength={MIN_NEW_PASSWORD_LENGTH}
        maxLength={MAX_LENGTH.password}
        error={errorOf(error, 'confirmation')}
        {...confirmationField}
      />
      <button type="submit" className="button" disabled={isBusy}>
        {isBusy ? 'Resetting...' : 'Reset Password'}
      </button>
    </StepForm>
  );
}
