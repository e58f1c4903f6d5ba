/**
 * Refunds (admins): support's refund limit, and the refunds above it that support sent for
 * approval, each approved (the task is cancelled and refunded in full) or declined with a note.
 */
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNaira } from '../../lib/format';
import { REFUND_NOTE_MAX, refundDecisionSchema, refundLimitSchema } from '../../shared/schemas/ops-console';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/text-field';
import { type Me, type RefundRequest, refundRequestsQuery, useDecideRefundRequest, useSetRefundLimit } from '../api';
import { LoadError } from '../error-message';
import { firstError, numberOf, requestResolver, showRefusal, useConsoleForm } from '../form-values';
import { ConsoleLink } from '../link';

export function RefundsScreen({ me }: { me: Me }) {
  const requests = useQuery(refundRequestsQuery());
  return (
    <main className="ops-main">
      <h1>Refunds</h1>
      <RefundLimitForm current={me.refundLimit} />
      <section aria-labelledby="refund-requests">
        <h2 id="refund-requests">Refund requests</h2>
        {requests.isPending ? (
          <p>Loading…</p>
        ) : requests.isError ? (
          <LoadError error={requests.error} />
        ) : requests.data.length === 0 ? (
          <p className="muted">No refund requests.</p>
        ) : (
          <ul className="ops-list">
            {requests.data.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** POST /ops/settings/refund-limit's own schema, on the naira typed. */
const limitRules = requestResolver(
  (values: { amount: string }) => ({ amount: numberOf(values.amount) }),
  refundLimitSchema,
);

function RefundLimitForm({ current }: { current: number }) {
  const save = useSetRefundLimit();
  const form = useConsoleForm<{ amount: string }, unknown, { amount: number }>({
    defaultValues: { amount: String(current) },
    resolver: limitRules,
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const submit = async (limit: { amount: number }) => {
    try {
      await save.mutateAsync(limit.amount);
    } catch (failure) {
      await showRefusal(form, failure, 'The limit could not be saved.');
    }
  };
  return (
    <section className="ops-panel" aria-labelledby="refund-limit">
      <h2 id="refund-limit">Support's refund limit</h2>
      <p className="muted">
        Support cancels with a full refund up to this amount a task; above it they send the refund here for approval.
        Now: {formatNaira(current)}.
      </p>
      <form className="ops-form" onSubmit={form.handleSubmit(submit)}>
        <TextField
          label="Limit per task (₦)"
          className="text-input"
          type="number"
          min={0}
          step={0.01}
          required
          {...form.register('amount')}
        />
        <FormError message={firstError(errors)} className="ops-error" />
        {isSubmitSuccessful && save.data && <p role="status">Saved: {formatNaira(save.data.amount)}.</p>}
        <Button type="submit" disabled={isSubmitting || amount === ''}>
          Save the limit
        </Button>
      </form>
    </section>
  );
}

function RequestCard({ request }: { request: RefundRequest }) {
  const decide = useDecideRefundRequest();
  const form = useConsoleForm<{ note: string }>({
    defaultValues: { note: '' },
    resolver: zodResolver(refundDecisionSchema),
  });
  const note = useWatch({ control: form.control, name: 'note' });
  const { errors, isSubmitting } = form.formState;
  /** Approve or decline, with the note the server's own schema accepted. */
  const act = (decision: 'approve' | 'decline') =>
    form.handleSubmit(async ({ note }) => {
      try {
        await decide.mutateAsync({ id: request.id, decision, note });
      } catch (failure) {
        await showRefusal(form, failure, 'The decision could not be saved.');
      }
    });
  return (
    <li className="ops-panel" aria-label={`Refund request for ${request.clientName}`}>
      <p className="ops-card-title">
        <strong>{formatNaira(request.amount)}</strong>
        <ConsoleLink to={`/console/tasks/${request.taskId}`}>{request.serviceName}</ConsoleLink>
        <span className="ops-badge">{request.decision ?? 'waiting'}</span>
      </p>
      <p>
        {request.clientName} · {request.address}
      </p>
      <p>
        {request.requestedBy} asked on {formatDateTime(request.requestedAt)}: {request.reason}
      </p>
      {request.decision ? (
        <p>
          {request.decision === 'approved' ? 'Approved' : 'Declined'} by {request.decidedBy} on{' '}
          {formatDateTime(request.decidedAt)}: {request.note}
        </p>
      ) : (
        // No submit: the decision is one of the two buttons, and Enter in the note decides nothing.
        <form className="ops-form" onSubmit={(event) => event.preventDefault()}>
          <TextField
            label="Note (required)"
            className="text-input"
            maxLength={REFUND_NOTE_MAX}
            {...form.register('note')}
          />
          <FormError message={firstError(errors)} className="ops-error" />
          <div className="ops-actions">
            <Button disabled={isSubmitting || !note.trim()} onClick={act('approve')}>
              Approve and refund
            </Button>
            <Button
              className="button button-secondary"
              disabled={isSubmitting || !note.trim()}
              onClick={act('decline')}
            >
              Decline
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
