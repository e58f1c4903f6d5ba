/** Everything about one task: details, payment and refund, events with who did what, the chat (read-only), and the operator's actions. */
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNaira } from '../../lib/format';
import { quantityText } from '../../shared/quantity';
import { collectedText } from '../../shared/collected';
import { nairaToKobo } from '../../shared/money';
import { CANCEL_REASON_MAX, cancelTaskSchema, opsCompleteSchema } from '../../shared/schemas/ops-console';
import { FormError, TextField } from '../../ui/text-field';
import {
  type Me,
  type TaskDetails,
  taskQuery,
  useCancelOpsTask,
  useCompleteOpsTask,
  useRequestRefundApproval,
} from '../api';
import { readCallFailure } from '../../shared/call-failure';
import { showRefusal, useConsoleForm } from '../form-values';
import { LoadError } from '../error-message';
import { ConsoleLink } from '../link';

export function TaskScreen({ taskId, me }: { taskId: string; me: Me }) {
  const task = useQuery(taskQuery(taskId));
  if (task.isPending) return <main className="ops-main">Loading…</main>;
  if (task.isError) return <LoadError error={task.error} />;
  const t = task.data;
  const open = t.status !== 'completed' && t.status !== 'cancelled';
  return (
    <main className="ops-main ops-task">
      <p>
        <ConsoleLink to="/console/board">← Board</ConsoleLink>
      </p>
      <h1>
        {t.service.name} <span className="ops-status">{t.status}</span>
      </h1>
      <div className="ops-grid">
        <section className="ops-panel" aria-labelledby="task-details">
          <h2 id="task-details">Details</h2>
          <dl className="ops-facts">
            <dt>Client</dt>
            <dd>
              <bdi>
                {t.client.firstname} {t.client.lastname}
              </bdi>{' '}
              · {t.client.email}
              {t.client.phone ? ` · ${t.client.phone}` : ''}
            </dd>
            <dt>Address</dt>
            <dd>
              <bdi>{t.address}</bdi>
              {t.addressDetails ? (
                <>
                  {' '}
                  (<bdi>{t.addressDetails}</bdi>)
                </>
              ) : (
                ''
              )}
            </dd>
            <dt>Pin</dt>
            <dd>{t.location ? `${t.location[1].toFixed(5)}, ${t.location[0].toFixed(5)}` : '—'}</dd>
            <dt>Quantity</dt>
            <dd>{t.quantity === null ? '—' : quantityText(t.unit ?? '', t.quantity)}</dd>
            <dt>Window</dt>
            <dd>
              {t.window
                ? `${formatDateTime(t.window.start)} – ${formatDateTime(t.window.end)}`
                : t.asap
                  ? 'As soon as possible'
                  : '—'}
            </dd>
            <dt>Driver</dt>
            <dd>
              <bdi>{t.driver?.name ?? '—'}</bdi>
            </dd>
            <dt>Code entered</dt>
            <dd>{t.codeEntered ? 'yes' : 'no'}</dd>
            <dt>Amount</dt>
            <dd>{formatNaira(t.amount)}</dd>
            <dt>Payment</dt>
            <dd>
              {t.payment
                ? `${t.payment.amount === null ? '' : `${formatNaira(t.payment.amount)} · `}${t.payment.status} · ${t.payment.reference}`
                : '—'}
            </dd>
            <dt>Refund</dt>
            <dd>{t.refund ? `${formatNaira(t.refund.amount)} · ${t.refund.status}` : '—'}</dd>
            {t.cancelReason && (
              <>
                <dt>Cancelled</dt>
                <dd>
                  <bdi>{t.cancelReason}</bdi>
                </dd>
              </>
            )}
            {t.deliveredQuantity !== null && (
              <>
                <dt>Collected</dt>
                <dd>
                  {collectedText({
                    unit: t.unit ?? '',
                    booked: t.quantity ?? t.deliveredQuantity,
                    collected: t.deliveredQuantity,
                    refundKobo: t.refund ? nairaToKobo(t.refund.amount) : 0,
                    extraPaidKobo: nairaToKobo(t.extraPaid),
                  })}
                </dd>
              </>
            )}
            {t.cancelFee > 0 && (
              <>
                <dt>Cancel fee (the driver's)</dt>
                <dd>{formatNaira(t.cancelFee)}</dd>
              </>
            )}
            {t.pickupPhoto && (
              <>
                <dt>Photo at pickup</dt>
                <dd>
                  <img className="ops-pickup-photo" src={t.pickupPhoto} alt="What the driver collected, at pickup" />
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className="ops-panel" aria-labelledby="task-events">
          <h2 id="task-events">Events</h2>
          {t.events.length === 0 && <p className="muted">No events yet.</p>}
          <ol className="ops-events">
            {t.events.map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end; two entries may be alike.
              <li key={`${event.at}-${index}`}>
                <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.kind} · {event.actor}
                {event.detail ? ` · ${event.detail}` : ''}
              </li>
            ))}
          </ol>
        </section>
        <section className="ops-panel" aria-labelledby="task-chat">
          <h2 id="task-chat">Chat (read-only)</h2>
          {t.messages.length === 0 ? (
            <p className="muted">No messages.</p>
          ) : (
            <ol className="ops-events">
              {t.messages.map((message, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end; two entries may be alike.
                <li key={`${message.at}-${index}`}>
                  <strong>{message.from}</strong> <time dateTime={message.at}>{formatDateTime(message.at)}</time>
                  <br />
                  <bdi>{message.text}</bdi>
                </li>
              ))}
            </ol>
          )}
        </section>
        {open && me.role !== 'dispatcher' && (
          <CancelForm taskId={t.id} refundLimit={me.role === 'support' ? me.refundLimit : null} />
        )}
        {open && me.role === 'admin' && <CompleteForm task={t} />}
      </div>
    </main>
  );
}

function CancelForm({ taskId, refundLimit }: { taskId: string; refundLimit: number | null }) {
  const form = useConsoleForm<{ reason: string }>({
    defaultValues: { reason: '' },
    resolver: zodResolver(cancelTaskSchema),
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const { errors, isSubmitting } = form.formState;
  // A support limit's refusal says the refund may go to an admin instead.
  const [canEscalate, setCanEscalate] = useState(false);
  const mutation = useCancelOpsTask();
  const escalation = useRequestRefundApproval();
  const cancel = async (values: { reason: string }) => {
    try {
      await mutation.mutateAsync({ taskId, reason: values.reason });
    } catch (failure) {
      const read = await readCallFailure(failure);
      const body = read.kind === 'http' ? (read.body as { canRequestApproval?: boolean } | null) : null;
      setCanEscalate(body?.canRequestApproval === true);
      await showRefusal(form, failure, 'The task could not be cancelled.');
    }
  };
  // The same reason, checked by the same schema (POST /ops/tasks/:id/refund-request).
  const escalate = async (values: { reason: string }) => {
    try {
      await escalation.mutateAsync({ taskId, reason: values.reason });
      setCanEscalate(false);
    } catch (failure) {
      await showRefusal(form, failure, 'The request could not be sent.');
    }
  };
  return (
    <section className="ops-panel" aria-labelledby="task-cancel">
      <h2 id="task-cancel">Cancel with refund</h2>
      {refundLimit !== null && <p className="muted">Your refund limit: {formatNaira(refundLimit)}</p>}
      <form className="ops-form" onSubmit={form.handleSubmit(cancel)}>
        <label>
          Reason
          <textarea
            className="text-input"
            required
            maxLength={CANCEL_REASON_MAX}
            {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
          />
        </label>
        <FormError message={errors.root?.message ?? errors.reason?.message} className="ops-error" />
        {mutation.isSuccess && <p role="status">Cancelled; the refund is on its way.</p>}
        {escalation.isSuccess && (
          <p role="status">Sent to the admins for approval; the client reads 'Refund awaiting approval'.</p>
        )}
        <button type="submit" className="button button-danger" disabled={isSubmitting || !reason.trim()}>
          Cancel task and refund
        </button>
        {canEscalate && (
          <button
            type="button"
            className="button"
            disabled={isSubmitting || !reason.trim()}
            onClick={form.handleSubmit(escalate)}
          >
            Send to an admin for approval
          </button>
        )}
      </form>
    </section>
  );
}

/** Why 'Mark completed' cannot be pressed now, or null: said beside the button, not left to guess. */
function completeBlocker(status: string, quantity: number | undefined): string | null {
  if (status === 'pending') return 'Assign a driver first: only an assigned or on-the-way task can be completed.';
  if (!((quantity ?? Number.NaN) > 0)) return 'Enter the quantity collected (more than 0).';
  return null;
}

/** Opens with the weighed quantity when the driver recorded one, else the booked one. */
function CompleteForm({ task }: { task: TaskDetails }) {
  const form = useConsoleForm<{ quantity: number }>({
    defaultValues: { quantity: task.deliveredQuantity ?? task.quantity ?? undefined },
    resolver: zodResolver(opsCompleteSchema),
  });
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const { errors, isSubmitting } = form.formState;
  const mutation = useCompleteOpsTask();
  const blocker = completeBlocker(task.status, quantity);
  const complete = async (values: { quantity: number }) => {
    if (blocker) return;
    try {
      await mutation.mutateAsync({ taskId: task.id, quantity: values.quantity });
    } catch (failure) {
      await showRefusal(form, failure, 'The task could not be completed.');
    }
  };
  return (
    <section className="ops-panel" aria-labelledby="task-complete">
      <h2 id="task-complete">Mark completed</h2>
      <form className="ops-form" onSubmit={form.handleSubmit(complete)}>
        <TextField
          label={`Quantity${task.unit ? ` (${task.unit}; booked ${task.quantity ?? 1})` : ''}`}
          className="text-input"
          type="number"
          min={0}
          step={0.5}
          aria-describedby={blocker ? 'task-complete-why' : undefined}
          required
          {...form.register('quantity', { valueAsNumber: true, onChange: () => form.clearErrors('quantity') })}
        />
        {blocker && (
          <p id="task-complete-why" className="muted">
            {blocker}
          </p>
        )}
        <FormError message={errors.root?.message ?? errors.quantity?.message} className="ops-error" />
        {mutation.isSuccess && <p role="status">Completed.</p>}
        <button type="submit" className="button" disabled={isSubmitting || blocker !== null}>
          Mark completed
        </button>
      </form>
    </section>
  );
}
