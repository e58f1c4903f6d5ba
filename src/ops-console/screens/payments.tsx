/** The payments that need an operator (the CLI's `ops payments`): honour a charge as what it was for, or settle it by hand with a note. */
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, formatNaira } from '../../lib/format';
import { type Payment, type PaymentAction, paymentsQuery, usePaymentAction } from '../api';
import { LoadError } from '../error-message';
import { showRefusal, useConsoleForm } from '../form-values';
import { FormError, TextField } from '../../ui/text-field';
import { SETTLEMENT_NOTE_MAX, settlementNoteSchema } from '../../shared/schemas/ops-console';
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

/** Enter in the note does nothing: honouring and settling are each their own button. */
const nothing = () => undefined;

function PaymentCard({ payment }: { payment: Payment }) {
  // No resolver: Honour needs no note; Settle checks it by the server's own rule (settlementNoteSchema) and waits for words.
  const form = useConsoleForm<{ note: string }>({
    defaultValues: { note: '' },
  });
  const note = useWatch({ control: form.control, name: 'note' });
  const { errors, isSubmitting } = form.formState;
  const [done, setDone] = useState<string | null>(null);
  const act = usePaymentAction();
  const run = (action: PaymentAction['action']) =>
    form.handleSubmit(async (values) => {
      try {
        if (action === 'honour') await act.mutateAsync({ action, reference: payment.reference });
        else {
          const note = settlementNoteSchema.safeParse(values.note);
          if (!note.success) return form.setError('root', { message: note.error.issues[0].message });
          await act.mutateAsync({ action, reference: payment.reference, note: note.data });
        }
        setDone(action === 'honour' ? 'Honoured.' : 'Settled.');
      } catch (failure) {
        await showRefusal(form, failure);
      }
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
        <form className="ops-form" onSubmit={form.handleSubmit(nothing)}>
          <TextField
            label="How it was settled (for Settle)"
            className="text-input"
            maxLength={SETTLEMENT_NOTE_MAX}
            {...form.register('note')}
          />
          <FormError message={errors.root?.message} className="ops-error" />
          {done && <p role="status">{done}</p>}
          <div className="ops-actions">
            <button type="button" className="button" disabled={isSubmitting} onClick={run('honour')}>
              Honour
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={isSubmitting || !note.trim()}
              onClick={run('settle')}
            >
              Settle
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
