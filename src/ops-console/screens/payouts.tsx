/**
 * The drivers' payouts (docs/operations.md 'Drivers' payouts'): a week's transfers, the failed
 * and reversed ones not yet paid again, 'Pay drivers' for the week and the automatic Monday run.
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatDateTime, formatNaira } from '../../lib/format';
import { type Payout, payoutsQuery, useAutoPayouts, usePayDrivers } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';

const STATUS_TEXT: Record<Payout['status'], string> = {
  queued: 'Queued',
  pending: 'Sent',
  success: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
};

export function PayoutsScreen() {
  const [week, setWeek] = useState('');
  const payouts = useQuery(payoutsQuery(week));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pay = usePayDrivers({
    onSuccess: (run) => {
      setError(null);
      setDone(
        `Week of ${run.week}: ${run.sent} sent (${formatNaira(run.total)}), ${run.failed} failed, ${run.unsent} waiting for Paystack.`,
      );
    },
    onError: async (failure) => setError(await errorText(failure, 'The drivers could not be paid.')),
  });
  const auto = useAutoPayouts({ onError: async (failure) => setError(await errorText(failure)) });
  if (payouts.isPending) return <main className="ops-main">Loading…</main>;
  if (payouts.isError) return <LoadError error={payouts.error} />;
  const shown = payouts.data;
  const attention = shown.payouts.filter((payout) => payout.status === 'failed' || payout.status === 'reversed');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    pay.mutate(shown.week);
  };
  return (
    <main className="ops-main">
      <h1>Payouts</h1>
      <form className="ops-form ops-inline-form" onSubmit={submit}>
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
        <button type="submit" className="button" disabled={pay.isPending}>
          Pay drivers
        </button>
        <label className="ops-nowrap">
          <input
            type="checkbox"
            checked={shown.auto}
            disabled={auto.isPending}
            onChange={(event) => auto.mutate(event.target.checked)}
          />{' '}
          Pay automatically on Monday 06:00
        </label>
      </form>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
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
