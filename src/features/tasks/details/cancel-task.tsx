import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CancelReason, Task } from '../../../shared/contract';
import { cancelQuoteQuery, useCancelTask } from '../../../lib/api/aftercare';
import { rulesResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { formatNaira, nairaToKobo } from '../../../shared/money';
import { readCallFailure, failureMessage } from '../../../shared/call-failure';
import { MAX_LENGTH } from '../../../shared/limits';
import { CANCEL_REASONS } from '../../../shared/task-progress';

export const CANCEL_FAILED = 'Could not cancel the task. Please check your connection and try again.';

/** What cancelling now costs, said before the client confirms (docs/lifecycle.md, 'Money'). */
export function cancelCostText(quote: { fee: number; refund: number }, arrived: boolean): string {
  const back = quote.refund > 0 ? `; you get ${formatNaira(nairaToKobo(quote.refund))} back` : '';
  if (quote.fee <= 0) return `Cancelling now is free${back}.`;
  const where = arrived ? 'Your driver is at your door' : 'Your driver is on the way';
  return `${where}: cancelling now costs ${formatNaira(nairaToKobo(quote.fee))}${back}`;
}

interface CancelValues {
  reason: CancelReason | null;
  note: string;
}

const cancelResolver = rulesResolver<CancelValues>(({ reason }) =>
  reason ? {} : { reason: 'Please choose a reason' },
);

/**
 * Cancel a task until the code is entered: a reason from the short list and an optional note.
 * Free until the driver has been on the way 2 minutes; after that, and once they arrived, it
 * costs the fee the server quotes (it goes to the driver). The server decides, and its refusal is
 * shown as it is.
 */
export function CancelTask({ task, onCancelled }: { task: Task; onCancelled: (task: Task) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  // Checked on submit only; the choice and note stay while the form is closed ('Keep task') and opened again.
  const form = useForm<CancelValues>({
    defaultValues: { reason: null, note: '' },
    resolver: cancelResolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const reason = form.watch('reason');
  const { errors } = form.formState;
  const error = errors.root?.message ?? errors.reason?.message;
  const ids = useId();
  const quote = useQuery({ ...cancelQuoteQuery(task._id, `${task.status}:${task.arrivedAt ?? ''}`), enabled: isOpen });
  const cancelling = useCancelTask({
    onSuccess: onCancelled,
    onError: async (failure) =>
      form.setError('root', { message: failureMessage(await readCallFailure(failure), CANCEL_FAILED) }),
  });

  if (!isOpen) {
    return (
      <section className="task-cancel" aria-label="Cancel this task">
        <Button className="button task-details-secondary task-cancel-open" onClick={() => setIsOpen(true)}>
          Cancel task
        </Button>
        <p className="muted task-hint">
          {task.status === 'on-going' || task.arrivedAt
            ? 'Once your driver has been on the way 2 minutes, cancelling costs a fee that goes to the driver: you see it before you confirm.'
            : 'Free of charge while no driver is on the way. A paid task is refunded in full.'}
        </p>
      </section>
    );
  }

  return (
    <form
      className="task-cancel task-form"
      aria-labelledby={`${ids}-title`}
      onSubmit={form.handleSubmit(({ reason: chosen, note }) => {
        if (chosen) cancelling.mutate({ taskId: task._id, reason: chosen, ...(note.trim() ? { note } : {}) });
      })}
    >
      <h3 id={`${ids}-title`} className="task-section-title">
        Cancel this task
      </h3>
      <p className="task-cancel-cost" role="status">
        {quote.data
          ? cancelCostText(quote.data, Boolean(task.arrivedAt))
          : quote.isError
            ? 'Once your driver has been on the way 2 minutes, cancelling costs a fee that goes to the driver.'
            : 'Checking what cancelling costs...'}
      </p>
      <fieldset className="task-choices">
        <legend>Why are you cancelling?</legend>
        {CANCEL_REASONS.map((choice) => (
          <label key={choice.value} className="task-choice">
            <input
              type="radio"
              name={`${ids}-reason`}
              value={choice.value}
              checked={reason === choice.value}
              onChange={() => form.setValue('reason', choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <label className="task-field-label" htmlFor={`${ids}-note`}>
        Anything to add? (optional)
      </label>
      <textarea
        id={`${ids}-note`}
        className="task-textarea"
        rows={2}
        maxLength={MAX_LENGTH.cancelNote}
        {...form.register('note')}
      />
      {error ? (
        <p className="task-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="task-form-actions">
        <Button
          type="submit"
          className="button task-danger"
          disabled={quote.isPending}
          busy={cancelling.isPending}
          busyText="Cancelling..."
        >
          Confirm cancellation
        </Button>
        <Button
          className="button task-details-secondary"
          onClick={() => {
            setIsOpen(false);
            form.clearErrors();
          }}
        >
          Keep task
        </Button>
      </div>
    </form>
  );
}
