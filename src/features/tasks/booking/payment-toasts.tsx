/** The toasts of the create flow (docs/product.md, Create task), with their durations. */
import { toast, type Id } from 'react-toastify';
import type { PaidTaskOutcome } from '../../../lib/pending-tasks';
import { settleToast } from '../../../ui/toast-host';
import {
  FAILURE_TOAST_MS,
  MESSAGES,
  SUCCESS_TOAST_MS,
  assignedShortly,
  createdWhenOnline,
  transferConfirmedLater,
} from './booking-rules';

function Lines({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div>
      <strong>{title}</strong>
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

export function showProcessing(): Id {
  return toast.loading(MESSAGES.processing);
}

/**
 * Replaces the 'Processing your payment...' toast (when given) with the outcome of sending the
 * paid task; a bank transfer Paystack has not confirmed yet is kept and confirmed later.
 */
export function showPaidTaskOutcome(
  outcome: PaidTaskOutcome,
  serviceName: string,
  toastId?: Id,
  awaitingTransfer = false,
  /** The plan paid it all: nothing was paid, so 'Booked!' rather than 'Payment Successful!'. */
  isCovered = false,
): void {
  const options =
    awaitingTransfer && outcome.status === 'queued'
      ? {
          render: <Lines title={MESSAGES.transferAwaited} lines={[transferConfirmedLater(serviceName)]} />,
          type: 'info' as const,
          autoClose: FAILURE_TOAST_MS,
        }
      : outcome.status === 'created'
        ? {
            render: (
              <Lines
                title={isCovered ? MESSAGES.booked : MESSAGES.paymentSuccessful}
                lines={[assignedShortly(serviceName)]}
              />
            ),
            type: 'success' as const,
            autoClose: SUCCESS_TOAST_MS,
          }
        : outcome.status === 'failed'
          ? {
              render: (
                <Lines
                  title={MESSAGES.paymentFailed}
                  lines={[outcome.message ?? MESSAGES.createFailed, MESSAGES.contactSupport]}
                />
              ),
              type: 'error' as const,
              autoClose: FAILURE_TOAST_MS,
            }
          : {
              render: <Lines title={MESSAGES.paymentSafe} lines={[createdWhenOnline(serviceName)]} />,
              type: 'info' as const,
              autoClose: FAILURE_TOAST_MS,
            };
  if (toastId === undefined) toast(options.render, { type: options.type, autoClose: options.autoClose });
  else settleToast(toast, toastId, { ...options, isLoading: false, closeButton: true, closeOnClick: true });
}
