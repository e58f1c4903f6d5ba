/**
 * The drivers' payouts (docs/operations.md 'Drivers' payouts'): a week's transfers, the failed
 * and reversed ones not yet paid again, 'Pay drivers' for the week and the automatic Monday run.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateTime, formatNaira } from '../../lib/format';
import { payDriversSchema } from '../../shared/schemas/payouts';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/text-field';
import { type Payout, payoutsQuery, useAutoPayouts, usePayDrivers } from '../api';
import { LoadError } from '../error-message';
import { firstError, showRefusal, useConsoleForm } from '../form-values';
import { errorText } from '../http';

const STATUS_TEXT: Record<Payout['status'], string> = {
  queued: 'Queued',
  pending: 'Sent',
  success: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

export function PayoutsScreen() {
  /** The week asked for ('' : the server's choice, last week); the picker changes it. */
  const [week, setWeek] = useState('');
  const payouts = useQuery(payoutsQuery(week));
  const [autoError, setAutoError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pay = usePayDrivers();
  /** 'Pay drivers' pays the week shown: the form's value follows the server's answer, checked by POST /ops/payouts/run's schema. */
  const form = useConsoleForm<{ week: string }>({
    values: payouts.data && { week: payouts.data.week },
    resetOptions: { keepErrors: true },
    resolver: zodResolver(payDriversSchema),
  });
  const { errors, isSubmitting } = form.formState;
  // One problem shown, the latest: a run's answer replaces the switch's and the other way round.
  const auto = useAutoPayouts({
    onError: async (failure) => {
      form.clearErrors();
      setAutoError(await errorText(failure));
    },
  });
  const submit = async (values: { week: string }) => {
    try {
      const run = await pay.mutateAsync(values.week);
      setAutoError(null);
      setDone(
        `Week of ${run.week}: ${run.sent} sent (${formatNaira(run.total)}), ${run.failed} failed, ${run.unsent} waiting for Paystack.`,
      );
    } catch (failure) {
      setAutoError(null);
      await showRefusal(form, failure, 'The drivers could not be paid.');
    }
  };
  if (payouts.isPending) return <main className="ops-main">Loading…</main>;
  if (payouts.isError) return <LoadError error={payouts.error} />;
  const shown = payouts.data;
  const attention = shown.payouts.filter((payout) => payout.status === 'failed' || payout.status === 'reversed');
  return (
    <main className="ops-main">
      <h1>Payouts</h1>
      <form className="ops-form ops-inline-form" onSubmit={form.handleSubmit(submit)}>
        <label>
          Week (its Monday)
          <input
            className="text-input"
            type="date"
            value={shown.week}
            maxLength={10}
            onChange={(event) => setWeek(event.target.value)}
          />
        </label>
        <Button type="submit" disabled={isSubmitting}>
          Pay drivers
        </Button>
        <label className="ops-check ops-nowrap">
          <input
            type="checkbox"
            checked={shown.auto}
            disabled={auto.isPending}
            onChange={(event) => auto.mutate(event.target.checked)}
          />{' '}
          Pay automatically on Monday 06:00
        </label>
      </form>
      <FormError message={firstError(errors) ?? autoError} className="ops-error" />
      {done && <p role="status">{done}</p>}
      {attention.length > 0 && (
        <p className="ops-error">
          {attention.length} {attention.length === 1 ? 'payout' : 'payouts'} failed or reversed: back in the drivers'
          balances, paid again by 'Pay drivers' for their week.
        </p>
      )}
      {shown.payouts.length === 0 ? (
        <p className="muted">No payout for this week yet.</p>
      ) : (
        <table className="ops-table">
          <caption className="sr-only">Payouts</caption>
          <thead>
            <tr>
              <th scope="col">Driver</th>
              <th scope="col">Account</th>
              <th scope="col">Week</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Reference</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {shown.payouts.map((payout) => (
              <tr key={payout.id}>
                <td>{payout.driver.name}</td>
                <td>{payout.account ?? '—'}</td>
                <td className="ops-nowrap">{payout.week}</td>
                <td>{formatNaira(payout.amount)}</td>
                <td>
                  {STATUS_TEXT[payout.status]}
                  {payout.failure ? `: ${payout.failure}` : ''}
                </td>
                <td>{payout.reference}</td>
                <td className="ops-nowrap">{formatDateTime(payout.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
