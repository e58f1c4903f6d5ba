import { useState } from 'react';
import { useAnswerExtra } from '../../../lib/api/aftercare';
import { extraAskText } from '../../../shared/collected';
import type { Task } from '../../../shared/contract';
import { readCallFailure, failureMessage } from '../../../shared/call-failure';
import { formatNaira, nairaToKobo } from '../../../shared/money';
import { quantityText } from '../../../shared/quantity';

/** The payments feature, loaded when the client pays (the route gives it: features meet there). */
export type LoadExtraPayments = () => Promise<{
  pay: (request: {
    email: string;
    amount: number;
    ref: string;
    metadata: Record<string, unknown>;
    channels: string[];
  }) => Promise<{ status: 'success' | 'pending'; reference: string } | { status: 'cancelled' }>;
  newPaymentReference: () => string;
}>;

export const EXTRA_FAILED = 'Could not record your answer. Please check your connection and try again.';

/**
 * The driver weighed more than booked (docs/lifecycle.md, 'At the door'): pay the extra with the
 * same checkout as a booking, or decline it and the driver takes what was booked.
 */
export function ExtraRequest({
  task,
  email,
  loadPayments,
  onAnswered,
}: {
  task: Task;
  email: string;
  loadPayments?: LoadExtraPayments;
  onAnswered: (task: Task) => void;
}) {
  const [message, setMessage] = useState('');
  const [paying, setPaying] = useState(false);
  const answering = useAnswerExtra({
    onSuccess: onAnswered,
    onError: async (failure) => setMessage(failureMessage(await readCallFailure(failure), EXTRA_FAILED)),
  });
  const extra = task.extra;
  if (extra?.status !== 'awaiting') return null;
  const booked = quantityText(task.unit, task.quantity ?? 1);
  const weighed = quantityText(task.unit, task.weighedQuantity ?? (task.quantity ?? 1) + extra.quantity);
  const amountKobo = nairaToKobo(extra.amount);
  const busy = paying || answering.isPending;

  const pay = async () => {
    if (!loadPayments) return;
    setMessage('');
    setPaying(true);
    try {
      const { pay: openCheckout, newPaymentReference } = await loadPayments();
      const paid = await openCheckout({
        email,
        amount: amountKobo,
        ref: newPaymentReference(),
        metadata: { purpose: 'extra', taskId: task._id },
        channels: ['card', 'bank_transfer', 'ussd'],
      });
      if (paid.status === 'cancelled') setMessage('Payment cancelled: the driver still waits for your answer.');
      else answering.mutate({ taskId: task._id, reference: paid.reference });
    } catch {
      setMessage('Failed to initialize payment');
    } finally {
      setPaying(false);
    }
  };

  return (
    <section className="task-extra" aria-labelledby={`extra-${task._id}`}>
      <h3 id={`extra-${task._id}`} className="task-section-title">
        Your driver weighed more
      </h3>
      <p role="status">{extraAskText(weighed, booked, amountKobo)}</p>
      {message ? (
        <p className="task-error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="task-form-actions">
        {loadPayments ? (
          <button type="button" className="button" disabled={busy} onClick={() => void pay()}>
            {busy ? 'Paying...' : `Pay ${formatNaira(amountKobo)}`}
          </button>
        ) : null}
        <button
          type="button"
          className="button task-details-secondary"
          disabled={busy}
          onClick={() => answering.mutate({ taskId: task._id })}
        >
          No, take {booked}
        </button>
      </div>
    </section>
  );
}
