import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import { createFlowToasts } from '../../ui/flow-toasts';
import { ERROR_TOAST_MS } from './auth-messages';
import { requestResetCode, resetPassword, verifyResetCode, type RecoveryResult } from './recovery-calls';
import { RESET_CODE_LENGTH, joinCode, resetPasswordError } from './recovery-rules';
import { EmailStep, ResetStep, VerifyStep, type StepError } from './recovery-steps';
import './recovery.css';

type Step = 1 | 2 | 3;
const STEP_NAMES: Record<Step, string> = { 1: 'Email', 2: 'Verify', 3: 'Reset' };
const emptyCode = () => Array.from({ length: RESET_CODE_LENGTH }, () => '');
/** Where a step's failed call is shown beside the form (besides its toast). */
const STEP_FIELDS: Record<Step, StepError['field']> = { 1: 'email', 2: 'code', 3: 'newPassword' };

interface RecoveryValues {
  email: string;
  code: string[];
  newPassword: string;
  confirmation: string;
}

/**
 * Password recovery (/forgot, docs/product.md, Recovery): Email, then Verify (four code
 * boxes), then Reset. A step advances only when the server says `success: true`; Back goes
 * to the previous step, and from the first step to /. Success goes to /login.
 */
export function ForgotScreen() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  // The three steps' fields in one form; each step's call is its submit, its problem a field error.
  const form = useForm<RecoveryValues>({
    defaultValues: { email: '', code: emptyCode(), newPassword: '', confirmation: '' },
  });
  const email = form.watch('email');
  const code = form.watch('code');
  const { errors } = form.formState;
  const fieldError = (['email', 'code', 'newPassword', 'confirmation'] as const).find((field) => errors[field]);
  const error: StepError | null = fieldError ? { field: fieldError, message: errors[fieldError]?.message ?? '' } : null;
  const setError = (next: StepError | null) => {
    form.clearErrors();
    if (next) form.setError(next.field, { message: next.message });
  };
  const [isBusy, setIsBusy] = useState(false);
  const [hasMoved, setHasMoved] = useState(false);
  const [toasts] = useState(createFlowToasts);
  const goTo = (next: Step) => {
    setHasMoved(true);
    setError(null);
    setStep(next);
  };
  const fail = (message: string, field: StepError['field'] = STEP_FIELDS[step]) => {
    toasts.error(message, { autoClose: ERROR_TOAST_MS });
    setError({ field, message });
  };

  const run = async (call: () => Promise<RecoveryResult>, onSuccess: () => void) => {
    if (isBusy) return;
    setIsBusy(true);
    const result = await call();
    setIsBusy(false);
    if (!result.ok) {
      fail(result.message);
      return;
    }
    // A step's success dismisses the errors of the attempts before it.
    toasts.success(result.message);
    setError(null);
    onSuccess();
  };

  const sendCode = () =>
    run(
      () => requestResetCode({ email: email.trim() }),
      () => {
        form.setValue('code', emptyCode());
        goTo(2);
      },
    );

  const verify = () => {
    const joined = joinCode(code);
    if (!joined) {
      fail('Please enter the 4-digit code', 'code');
      return;
    }
    void run(
      () => verifyResetCode({ email: email.trim(), code: joined }),
      () => goTo(3),
    );
  };

  const reset = () => {
    const { newPassword, confirmation } = form.getValues();
    const problem = resetPasswordError(newPassword, confirmation);
    if (problem) {
      fail(problem, 'confirmation');
      return;
    }
    void run(
      () => resetPassword({ email: email.trim(), newPassword }),
      () => void navigate({ to: '/login' }),
    );
  };

  const back = () => {
    if (step === 1) void navigate({ to: '/' });
    else goTo((step - 1) as Step);
  };

  // Editing a field clears the step's error.
  const field = (name: 'email' | 'newPassword' | 'confirmation') =>
    form.register(name, {
      onChange: () => setError(null),
      // The new password is asked afresh each time the Reset step is shown.
      shouldUnregister: name !== 'email',
    });
  const stepProps = { announce: hasMoved, isBusy, onBack: back, error };

  return (
    <section className="page recovery" aria-labelledby="recovery-heading">
      <ol className="recovery-steps" aria-label="Steps">
        {([1, 2, 3] as const).map((number) => (
          <li
            key={number}
            aria-current={number === step ? 'step' : undefined}
            className={number <= step ? 'is-reached' : undefined}
          >
            <span className="recovery-step-number" aria-hidden="true">
              {number}
            </span>
            {STEP_NAMES[number]}
          </li>
        ))}
      </ol>
      {step === 1 ? <EmailStep {...stepProps} emailField={field('email')} onSubmit={sendCode} /> : null}
      {step === 2 ? (
        <VerifyStep
          {...stepProps}
          email={email}
          code={code}
          onCode={(digits) => {
            form.setValue('code', digits);
            setError(null);
          }}
          onSubmit={verify}
          onResend={sendCode}
        />
      ) : null}
      {step === 3 ? (
        <ResetStep
          {...stepProps}
          newPasswordField={field('newPassword')}
          confirmationField={field('confirmation')}
          onSubmit={reset}
        />
      ) : null}
    </section>
  );
}
