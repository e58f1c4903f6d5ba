import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CancelReason, Task } from '../../../shared/contract';
import { cancelQuoteQuery, useCancelTask } from '../../../lib/api/aftercare';
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

/**
 * Cancel a task until the code is entered: a reason from the short list and an optional note.
 * Free until the driver has been on the way 2 minutes; after that, and once they arrived, it
 * costs the fee the server quotes (it goes to the driver). The server decides, and its refusal is
 * shown as it is.
 */
export function CancelTask({ task, onCancelled }: { task: Task; onCancelled: (task: Task) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const ids = useId();
  const quote = useQuery({ ...cancelQuoteQuery(task._id, `${task.status}:${task.arrivedAt ?? ''}`), enabled: isOpen });
  const cancelling = useCancelTask({
    onSuccess: onCancelled,
    onError: async (failure) => setError(failureMessage(await readCallFailure(failure), CANCEL_FAILED)),
  });

  if (!isOpen) {
    return (
      <section className="task-cancel" aria-label="Cancel this task">
        <button
          type="button"
          className="button task-details-secondary task-cancel-open"
          onClick={() => setIsOpen(true)}
        >
          Cancel task
        </button>
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
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) {
          setError('Please choose a reason');
          return;
        }
        setError('');
        cancelling.mutate({ taskId: task._id, reason, ...(note.trim() ? { note } : {}) });
      }}
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
              onChange={() => setReason(choice.value)}
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
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {error ? (
        <p className="task-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="task-form-actions">
        <button type="submit" className="button task-danger" disabled={cancelling.isPending || quote.isPending}>
          {cancelling.isPending ? 'Cancelling...' : 'Confirm cancellation'}
        </button>
        <button
          type="button"
          className="button task-details-secondary"
          onClick={() => {
            setIsOpen(false);
            setError('');
          }}
        >
          Keep task
        </button>
      </div>
    </form>
  );
}
