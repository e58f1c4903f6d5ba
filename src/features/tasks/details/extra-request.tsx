import { type ReactNode, useState } from 'react';
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

/** The ask, the way both the task page and the payment page say it. */
function askOf(task: Task): { text: string; booked: string; amountKobo: number } | null {
  const extra = task.extra;
  if (extra?.status !== 'awaiting') return null;
  const booked = quantityText(task.unit, task.quantity ?? 1);
  const weighed = quantityText(task.unit, task.weighedQuantity ?? (task.quantity ?? 1) + extra.quantity);
  const amountKobo = nairaToKobo(extra.amount);
  return { text: extraAskText(weighed, booked, amountKobo), booked, amountKobo };
}

function useAnswer(onAnswered: (task: Task) => void, setMessage: (message: string) => void) {
  return useAnswerExtra({
    onSuccess: onAnswered,
    onError: async (failure) => setMessage(failureMessage(await readCallFailure(failure), EXTRA_FAILED)),
  });
}

/**
 * The driver weighed more than booked (docs/lifecycle.md, 'At the door'), on the task page: the
 * ask, a link to pay it on a page of its own (a checkout cannot open over this dialog), and
 * declining it here (the driver takes what was booked).
 */
export function ExtraRequest({
  task,
  renderPayLink,
  onAnswered,
}: {
  task: Task;
  /** The link to the payment page ('Pay ₦3,000.00'); absent: only declining is offered here. */
  renderPayLink?: (taskId: string, label: string) => ReactNode;
  onAnswered: (task: Task) => void;
}) {
  const [message, setMessage] = useState('');
  const answering = useAnswer(onAnswered, setMessage);
  const ask = askOf(task);
  if (!ask) return null;
  return (
    <section className="task-extra" aria-labelledby={`extra-${task._id}`}>
      <h3 id={`extra-${task._id}`} className="task-section-title">
        Your driver weighed more
      </h3>
      <p role="status">{ask.text}</p>
      {message ? (
        <p className="task-error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="task-form-actions">
        {renderPayLink?.(task._id, `Pay ${formatNaira(ask.amountKobo)}`)}
        <button
          type="button"
          className="button task-details-secondary"
          disabled={answering.isPending}
          onClick={() => answering.mutate({ taskId: task._id })}
        >
          No, take {ask.booked}
        </button>
      </div>
    </section>
  );
}

/**
 * /client/tasks/$taskId/extra: the extra paid with the booking's checkout (card, transfer, USSD,
 * the test checkout), then back to the task. Declining is offered here too.
 */
export function ExtraPayScreen({
  taskId,
  email,
  task,
  loadPayments,
  onDone,
}: {
  taskId: string;
  email: string;
  task: Task | undefined;
  loadPayments: LoadExtraPayments;
  onDone: () => void;
}) {
  const [message, setMessage] = useState('');
  const [paying, setPaying] = useState(false);
  const answering = useAnswer(onDone, setMessage);
  const ask = task ? askOf(task) : null;
  const busy = paying || answering.isPending;

  const pay = async (amountKobo: number) => {
    setMessage('');
    setPaying(true);
    try {
      const { pay: openCheckout, newPaymentReference } = await loadPayments();
      const paid = await openCheckout({
        email,
        amount: amountKobo,
        ref: newPaymentReference(),
        metadata: { purpose: 'extra', taskId },
        channels: ['card', 'bank_transfer', 'ussd'],
      });
      if (paid.status === 'cancelled') setMessage('Payment cancelled: the driver still waits for your answer.');
      else answering.mutate({ taskId, reference: paid.reference });
    } catch {
      setMessage('Failed to initialize payment');
    } finally {
      setPaying(false);
    }
  };

  return (
    <section className="page task-extra-page">
      <h1>Your driver weighed more</h1>
      {!task ? (
        <p role="status">Loading task...</p>
      ) : !ask ? (
        <p role="status">Nothing more to pay for this task.</p>
      ) : (
        <>
          <p>{ask.text}</p>
          {message ? (
            <p className="task-error" role="alert">
              {message}
            </p>
          ) : null}
          <div className="task-form-actions">
            <button type="button" className="button" disabled={busy} onClick={() => void pay(ask.amountKobo)}>
              {busy ? 'Paying...' : `Pay ${formatNaira(ask.amountKobo)}`}
            </button>
            <button
              type="button"
              className="button task-details-secondary"
              disabled={busy}
              onClick={() => answering.mutate({ taskId })}
            >
              No, take {ask.booked}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
