/** The payments that need an operator (the CLI's `ops payments`): honour a charge as what it was for, or settle it by hand with a note. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNaira } from '../../lib/format';
import { type Payment, paymentsQuery, usePaymentAction } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';
import { PhoneCodes } from './phone-codes';

export function PaymentsScreen() {
  const payments = useQuery(paymentsQuery());
  if (payments.isPending) return <main className="ops-main">Loading…</main>;
  if (payments.isError) return <LoadError error={payments.error} />;
  return (
    <main className="ops-main">
      <h1>Payments</h1>
      {payments.data.length === 0 ? (
        <p className="muted">Nothing needs attention.</p>
      ) : (
        <ul className="ops-list">
          {payments.data.map((payment) => (
            <PaymentCard key={payment.reference} payment={payment} />
          ))}
        </ul>
      )}
      <PhoneCodes />
    </main>
  );
}

function PaymentCard({ payment }: { payment: Payment }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const act = usePaymentAction({
    onSuccess: (_answer, { action }) => {
      setError(null);
      setDone(action === 'honour' ? 'Honoured.' : 'Settled.');
    },
    onError: async (failure) => setError(await errorText(failure)),
  });
  const open = payment.settledAt === null;
  return (
    <li className="ops-panel" aria-label={`Payment ${payment.reference}`}>
      <p className="ops-card-title">
        <strong>{payment.amount === null ? 'No amount confirmed' : formatNaira(payment.amount)}</strong>
        <span className="ops-badge">{payment.state}</span>
      </p>
      <p>{payment.reason}</p>
      <p className="muted">
        {payment.reference} ·{' '}
        {payment.client ? (
          <>
            <bdi>{payment.client.name}</bdi> ({payment.client.email})
          </>
        ) : (
          (payment.payerEmail ?? 'unknown payer')
        )}
        {payment.wanted ? ` · ${payment.wanted}` : ''} · since {formatDateTime(payment.since)}
      </p>
      {payment.settlement && <p>Settled: {payment.settlement}</p>}
      {open && (
        <form className="ops-form" onSubmit={(event) => event.preventDefault()}>
          <label>
            How it was settled (for Settle)
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
          {done && <p role="status">{done}</p>}
          <div className="ops-actions">
            <button
              type="button"
              className="button"
              disabled={act.isPending}
              onClick={() => act.mutate({ action: 'honour', reference: payment.reference })}
            >
              Honour
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={act.isPending || !note.trim()}
              onClick={() => act.mutate({ action: 'settle', reference: payment.reference, note: note.trim() })}
            >
              Settle
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
