import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from '@tanstack/react-router';
import type { Id } from 'react-toastify';
import { planKeys } from '../../../lib/api/plan';
import type { QueryData } from '../../../lib/api/query-data';
import { tasksQuery } from '../../../lib/api/tasks';
import { submitPaidTask } from '../../../lib/pending-tasks';
import type { Task } from '../../../shared/contract';
import type { FlowToasts } from '../../../ui/flow-toasts';
import { MESSAGES, SUCCESS_TOAST_MS } from './booking-rules';
import { payForTask, type LoadTaskPayments } from './pay-for-task';

interface BookTaskOptions {
  loadPayments: LoadTaskPayments;
  displayName: string;
  toasts: FlowToasts;
  /** 'Select a location' refused the booking: said under the address search as well. */
  onPlaceError: (message: string) => void;
}

/**
 * 'Proceed to Payment': pays (or books what the plan covers), then lands on the new task's
 * page, or on Home when the task waits for the network. Owns the busy state and the button,
 * which gets focus back when the checkout is closed.
 */
export function useBookTask({ loadPayments, displayName, toasts, onPlaceError }: BookTaskOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isBusy, setIsBusy] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const proceedButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const book = async (booking: Parameters<typeof payForTask>[0], isFullyCovered: boolean) => {
    setIsBusy(true);
    // The payment toasts (and react-toastify) are not needed for the first paint; they load
    // here, beside the payment code, if the idle-time toast host has not loaded them yet.
    const { showPaidTaskOutcome, showProcessing } = await import('./payment-toasts');
    let processing: Id | undefined;
    const result = await payForTask(booking, {
      loadPayments,
      submit: submitPaidTask,
      onPaid: () => (processing = showProcessing()),
    });
    if (result.kind === 'paid') {
      // What the plan has left changed (the server spent it): Home reads it again.
      if ((booking.coveredQuantity ?? 0) > 0) void queryClient.invalidateQueries({ queryKey: planKeys.all });
      // The errors and notices of earlier attempts ('Payment window was closed') are stale now.
      toasts.dismissErrors();
      showPaidTaskOutcome(result.outcome, displayName, processing, result.awaitingTransfer, isFullyCovered);
      if (result.outcome.status === 'failed') setIsBusy(false);
      // Created: the client lands on the new task's page (the task joins the device's list first,
      // so the page opens at once). Kept to be sent when the connection is back: Home shows its
      // 'confirming' card in view.
      else if (result.outcome.status === 'created') {
        const task = result.outcome.task;
        const { user } = booking;
        if (user) {
          queryClient.setQueryData<QueryData<Task[]>>(tasksQuery(user._id).queryKey, (kept) =>
            kept && !kept.data.some((one) => one._id === task._id) ? { ...kept, data: [...kept.data, task] } : kept,
          );
          void queryClient.invalidateQueries({ queryKey: tasksQuery(user._id).queryKey });
        }
        redirect.current = setTimeout(
          () =>
            void navigate({
              to: '/client/tasks/$taskId',
              params: { taskId: task._id },
              state: { bookedReference: result.request.reference },
              // Back from the task goes where the booking started, not to a paid form.
              replace: true,
            }),
          SUCCESS_TOAST_MS,
        );
      } else
        redirect.current = setTimeout(
          () => void navigate({ to: '/client/home', state: { bookedReference: result.request.reference } }),
          SUCCESS_TOAST_MS,
        );
      return;
    }
    // The button is enabled again before focus goes back to it (Escape or Cancel in the checkout).
    flushSync(() => setIsBusy(false));
    proceedButton.current?.focus();
    if (result.kind === 'invalid') {
      toasts.error(result.message);
      if (result.message === MESSAGES.selectLocation) onPlaceError(result.message);
    } else if (result.kind === 'init-failed') toasts.error(MESSAGES.initFailed);
    else toasts.info(result.how === 'close' ? MESSAGES.windowClosed : MESSAGES.paymentCancelled);
  };

  return { isBusy, proceedButton, book };
}
