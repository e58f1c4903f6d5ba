import { type ReactNode, useEffect, useState } from 'react';
import { useAnswerExtra } from '../../../lib/api/aftercare';
import { extraAskText } from '../../../shared/collected';
import type { Task } from '../../../shared/contract';
import { readCallFailure, failureMessage, retryVerdict } from '../../../shared/call-failure';
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
export const EXTRA_CONFIRMING =
  'Your payment is being confirmed (a bank transfer can take a few minutes). Do not pay again: we check by ourselves.';
/** How often a payment the provider still processes is asked about again. */
export const EXTRA_CHECK_MS = 10_000;

/** A paid extra not confirmed yet, by task: kept over a reload so that nobody pays it twice. */
const confirmingKey = (taskId: string) => `extra-confirming:${taskId}`;
function readConfirming(taskId: string): string | null {
  try {
    return sessionStorage.getItem(confirmingKey(taskId));
  } catch {
    return null;
  }
}
function keepConfirming(taskId: string, reference: string | null): void {
  try {
    if (reference) sessionStorage.setItem(confirmingKey(taskId), reference);
    else sessionStorage.removeItem(confirmingKey(taskId));
  } catch {
    // Storage refused (private mode): the page still checks while it stays open.
  }
}

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
  // The reference of a payment made whose confirmation the provider has not given yet.
  const [confirming, setConfirming] = useState<string | null>(() => readConfirming(taskId));
  const answering = useAnswerExtra({
    onSuccess: () => {
      keepConfirming(taskId, null);
      onDone();
    },
    onError: async (failure, answer) => {
      const read = await readCallFailure(failure);
      // Paid but not confirmed yet (a transfer in progress, the network gone): the same reference
      // is asked about again, never a second checkout.
      if (answer.reference && retryVerdict(read, 'session') === 'retry') {
        keepConfirming(taskId, answer.reference);
        setConfirming(answer.reference);
        setMessage('');
        return;
      }
      if (answer.reference) {
        keepConfirming(taskId, null);
        setConfirming(null);
      }
      setMessage(failureMessage(read, EXTRA_FAILED));
    },
  });
  const ask = task ? askOf(task) : null;
  const busy = paying || answering.isPending;
  const { mutate } = answering;
  const isAsked = ask !== null;

  useEffect(() => {
    if (!confirming || !isAsked) return;
    const timer = setInterval(() => mutate({ taskId, reference: confirming }), EXTRA_CHECK_MS);
    return () => clearInterval(timer);
  }, [confirming, isAsked, mutate, taskId]);

  // Answered elsewhere meanwhile (the task page, another device): nothing left to confirm here.
  useEffect(() => {
    if (task && !isAsked && confirming) {
      keepConfirming(taskId, null);
      setConfirming(null);
    }
  }, [task, isAsked, confirming, taskId]);

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
          {confirming ? <p role="status">{EXTRA_CONFIRMING}</p> : null}
          <div className="task-form-actions">
            {confirming ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => answering.mutate({ taskId, reference: confirming })}
              >
                {busy ? 'Checking...' : 'Check payment'}
              </button>
            ) : (
              <>
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
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}
