import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCancelTask } from '../../../lib/api/aftercare';
import { useAnswerDriversBusy } from '../../../lib/api/drivers-busy';
import { rulesResolver } from '../../../lib/form-resolver';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';
import type { Task } from '../../../shared/contract';
import { offeredWindows, type PickupWindow, windowText } from '../../../shared/pickup-windows';

const ANSWER_FAILED = 'That did not go through. Please check your connection and try again.';

interface NewTimeValues {
  /** The chosen window's start; '' while none is chosen. */
  windowStart: string;
}

/** The windows offered when the screen was drawn: the chosen one must still be one of them. */
const newTimeResolver = rulesResolver<NewTimeValues, { windows: PickupWindow[] }>(({ windowStart }, { windows }) =>
  windows.some((candidate) => candidate.start === windowStart) ? {} : { windowStart: 'Please choose a time' },
);

/**
 * No driver took the task for a while (the server's `driversBusy`): say so, and offer Keep
 * waiting, Choose another time (an offered 2-hour window) or Cancel for a full refund.
 */
export function DriversBusy({ task, onChanged }: { task: Task; onChanged: (task: Task) => void }) {
  const ids = useId();
  const [choosing, setChoosing] = useState(false);
  const windows = choosing ? offeredWindows(new Date()) : [];
  // The new time in react-hook-form, checked on submit; a refused answer (any of the three) is its root error.
  const form = useForm<NewTimeValues, { windows: PickupWindow[] }>({
    defaultValues: { windowStart: '' },
    resolver: newTimeResolver,
    context: { windows },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const error = errors.root?.message ?? errors.windowStart?.message;
  const onError = async (failure: Error) =>
    form.setError('root', { message: failureMessage(await readCallFailure(failure), ANSWER_FAILED) });
  const answer = useAnswerDriversBusy(task._id, { onSuccess: onChanged, onError });
  const cancel = useCancelTask({ onSuccess: onChanged, onError });
  const busy = answer.isPending || cancel.isPending;
  return (
    <section className="task-drivers-busy task-form" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="task-section-title">
        Drivers are busy near you
      </h3>
      <p className="task-hint">
        No driver has taken your pickup yet. We keep asking drivers further away; you can also choose another time, or
        cancel for a full refund.
      </p>
      <div className="task-form-actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => answer.mutate({ kind: 'keep-waiting' })}
        >
          Keep waiting
        </button>
        <button
          type="button"
          className="button task-details-secondary"
          disabled={busy}
          aria-expanded={choosing}
          onClick={() => setChoosing(!choosing)}
        >
          Choose another time
        </button>
        <button
          type="button"
          className="button task-details-secondary"
          disabled={busy}
          onClick={() => cancel.mutate({ taskId: task._id, reason: 'too-slow' })}
        >
          Cancel for a full refund
        </button>
      </div>
      {choosing ? (
        <form
          onSubmit={(event) =>
            void form.handleSubmit(({ windowStart }) => {
              const window = windows.find((candidate) => candidate.start === windowStart);
              if (window) answer.mutate({ kind: 'reschedule', window });
            })(event)
          }
        >
          <label className="task-field-label" htmlFor={`${ids}-window`}>
            New pickup time
          </label>
          <select id={`${ids}-window`} className="text-input" {...form.register('windowStart')}>
            <option value="">Choose a 2-hour window</option>
            {windows.map((window) => (
              <option key={window.start} value={window.start}>
                {windowText(window)}
              </option>
            ))}
          </select>
          <button type="submit" className="button" disabled={busy}>
            Move my pickup
          </button>
        </form>
      ) : null}
      {error ? (
        <p className="task-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
