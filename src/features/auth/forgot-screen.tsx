import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { toast } from 'react-toastify';
import { ERROR_TOAST_MS } from './auth-messages';
import { requestResetCode, resetPassword, verifyResetCode, type RecoveryResult } from './recovery-calls';
import { RESET_CODE_LENGTH, joinCode, resetPasswordError } from './recovery-rules';
import { EmailStep, ResetStep, VerifyStep } from './recovery-steps';
import './recovery.css';

type Step = 1 | 2 | 3;
const STEP_NAMES: Record<Step, string> = { 1: 'Email', 2: 'Verify', 3: 'Reset' };
const emptyCode = () => Array.from({ length: RESET_CODE_LENGTH }, () => '');

/**
 * Password recovery (/forgot, SPEC sections 2, 4, 5, 8): Email, then Verify (four code
 * boxes), then Reset. A step advances only when the server says `success: true`; Back goes
 * to the previous step, and from the first step to /. Success goes to /login.
 */
export function ForgotScreen() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState(emptyCode);
  const [isBusy, setIsBusy] = useState(false);
  const [hasMoved, setHasMoved] = useState(false);
  const goTo = (next: Step) => {
    setHasMoved(true);
    setStep(next);
  };

  const run = async (call: () => Promise<RecoveryResult>, onSuccess: () => void) => {
    if (isBusy) return;
    setIsBusy(true);
    const result = await call();
    setIsBusy(false);
    if (!result.ok) {
      toast.error(result.message, { autoClose: ERROR_TOAST_MS });
      return;
    }
    toast.success(result.message);
    onSuccess();
  };

  const sendCode = () =>
    run(
      () => requestResetCode({ email: email.trim() }),
      () => {
        setCode(emptyCode());
        goTo(2);
      },
    );

  const verify = () => {
    const joined = joinCode(code);
    if (!joined) {
      toast.error('Please enter the 4-digit code', { autoClose: ERROR_TOAST_MS });
      return;
    }
    void run(() => verifyResetCode({ email: email.trim(), code: joined }), () => goTo(3));
  };

  const reset = (newPassword: string, confirmation: string) => {
    const problem = resetPasswordError(newPassword, confirmation);
    if (problem) {
      toast.error(problem, { autoClose: ERROR_TOAST_MS });
      return;
    }
    void run(() => resetPassword({ email: email.trim(), newPassword }), () => void navigate({ to: '/login' }));
  };

  const back = () => {
    if (step === 1) void navigate({ to: '/' });
    else goTo((step - 1) as Step);
  };

  return (
    <section className="page recovery" aria-labelledby="recovery-heading">
      <ol className="recovery-steps" aria-label="Steps">
        {([1, 2, 3] as const).map((number) => (
          <li key={number} aria-current={number === step ? 'step' : undefined} className={number <= step ? 'is-reached' : undefined}>
            <span className="recovery-step-number" aria-hidden="true">
              {number}
            </span>
            {STEP_NAMES[number]}
          </li>
        ))}
      </ol>
      {step === 1 ? <EmailStep announce={hasMoved} email={email} onEmail={setEmail} isBusy={isBusy} onSubmit={sendCode} onBack={back} /> : null}
      {step === 2 ? <VerifyStep announce={hasMoved} email={email} code={code} onCode={setCode} isBusy={isBusy} onSubmit={verify} onResend={sendCode} onBack={back} /> : null}
      {step === 3 ? <ResetStep announce={hasMoved} isBusy={isBusy} onSubmit={reset} onBack={back} /> : null}
    </section>
  );
}
