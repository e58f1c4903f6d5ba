/**
 * Refunds (admins): support's refund limit, and the refunds above it that support sent for
 * approval, each approved (the task is cancelled and refunded in full) or declined with a note.
 */
import { type FormEvent, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNaira } from '../../lib/format';
import { type Me, type RefundRequest, refundRequestsQuery, useDecideRefundRequest, useSetRefundLimit } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';
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

function RefundLimitForm({ current }: { current: number }) {
  const [amount, setAmount] = useState(String(current));
  const [error, setError] = useState<string | null>(null);
  const save = useSetRefundLimit({
    onSuccess: () => setError(null),
    onError: async (failure) => setError(await errorText(failure, 'The limit could not be saved.')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Number(amount));
  };
  return (
    <section className="ops-panel" aria-labelledby="refund-limit">
      <h2 id="refund-limit">Support's refund limit</h2>
      <p className="muted">
        Support cancels with a full refund up to this amount a task; above it they send the refund here for approval.
        Now: {formatNaira(current)}.
      </p>
      <form className="ops-form" onSubmit={submit}>
        <label>
          Limit per task (₦)
          <input
            className="text-input"
            type="number"
            min={0}
            step={0.01}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
          />
        </label>
        {error && (
          <p role="alert" className="ops-error">
            {error}
          </p>
        )}
        {save.isSuccess && <p role="status">Saved: {formatNaira(save.data.amount)}.</p>}
        <button type="submit" className="button" disabled={save.isPending || amount === ''}>
          Save the limit
        </button>
      </form>
    </section>
  );
}

function RequestCard({ request }: { request: RefundRequest }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideRefundRequest({
    onSuccess: () => setError(null),
    onError: async (failure) => setError(await errorText(failure, 'The decision could not be saved.')),
  });
  const act = (decision: 'approve' | 'decline') => decide.mutate({ id: request.id, decision, note: note.trim() });
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
        <form className="ops-form" onSubmit={(event) => event.preventDefault()}>
          <label>
            Note (required)
            <input
              className="text-input"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              maxLength={500}
            />
          </label>
          {error && (
            <p role="alert" className="ops-error">
              {error}
            </p>
          )}
          <div className="ops-actions">
            <button
              type="button"
              className="button"
              disabled={decide.isPending || !note.trim()}
              onClick={() => act('approve')}
            >
              Approve and refund
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={decide.isPending || !note.trim()}
              onClick={() => act('decline')}
            >
              Decline
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
