/** The daily report (admins): per day the tasks by state and the money, per driver what they did and earned; CSV export. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatNaira } from '../../lib/format';
import { TASK_STATUSES } from '../../shared/task-status';
import { reportQuerySchema } from '../../shared/schemas/ops-console';
import { downloadCsv, reportQuery } from '../api';
import { LoadError } from '../error-message';
import { firstError, queryResolver, useConsoleForm } from '../form-values';
import { errorText } from '../http';

/** Today's date in Lagos (UTC+1 all year), YYYY-MM-DD. */
const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

interface Days {
  from: string;
  to: string;
}

export function ReportsScreen() {
  // The days asked (the report's key): a change of either day asks for them, once the server's own rules accept them.
  const [days, setDays] = useState<Days>(() => ({ from: lagosToday(), to: lagosToday() }));
  const [error, setError] = useState<string | null>(null);
  const report = useQuery(reportQuery(days.from, days.to));
  const form = useConsoleForm<Days>({
    defaultValues: days,
    resolver: queryResolver(reportQuerySchema),
  });
  const problem = firstError(form.formState.errors);
  const ask = form.handleSubmit((values) => setDays(values));
  const exportCsv = ({ from, to }: Days) =>
    downloadCsv('ops/reports/daily.csv', { from, to }, `greenpick-report-${from}-to-${to}.csv`).then(
      () => setError(null),
      async (failure) => setError(await errorText(failure, 'The export failed.')),
    );
  return (
    <main className="ops-main">
      <div className="ops-title-row">
        <h1>Daily report</h1>
        <button type="button" className="button button-small" onClick={form.handleSubmit(exportCsv)}>
          Export CSV
        </button>
      </div>
      <form className="ops-filters" aria-label="Days" onSubmit={ask}>
        <label>
          From{' '}
          <input
            className="text-input"
            type="date"
            aria-invalid={form.formState.errors.from ? true : undefined}
            {...form.register('from', { onChange: () => void ask() })}
          />
        </label>
        <label>
          To{' '}
          <input
            className="text-input"
            type="date"
            aria-invalid={form.formState.errors.to ? true : undefined}
            {...form.register('to', { onChange: () => void ask() })}
          />
        </label>
      </form>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {problem ? (
        // In place of the report, as the server's refusal of these days was.
        <p role="alert" className="ops-error">
          {problem}
        </p>
      ) : report.isPending ? (
        <p>Loading…</p>
      ) : report.isError ? (
        <LoadError error={report.error} />
      ) : (
        <>
          <table className="ops-table">
            <caption className="ops-caption">Per day (Lagos): tasks booked by their state now, and the money</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {TASK_STATUSES.map((status) => (
                  <th key={status} scope="col">
                    {status}
                  </th>
                ))}
                <th scope="col">Paid</th>
                <th scope="col">Refunds</th>
                <th scope="col">Net</th>
                <th scope="col">VAT inside</th>
                <th scope="col">Cancel fees</th>
                <th scope="col">Drivers' shares</th>
                <th scope="col">Tokens credited</th>
                <th scope="col">Tokens spent</th>
              </tr>
            </thead>
            <tbody>
              {report.data.days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  {TASK_STATUSES.map((status) => (
                    <td key={status}>{day.tasks[status] ?? 0}</td>
                  ))}
                  <td>{formatNaira(day.revenue)}</td>
                  <td>{formatNaira(day.refunds)}</td>
                  <td>{formatNaira(day.net)}</td>
                  <td>{formatNaira(day.vat)}</td>
                  <td>{formatNaira(day.fees)}</td>
                  <td>{formatNaira(day.driverShares)}</td>
                  <td>{formatNaira(day.pointsCredited)}</td>
                  <td>{formatNaira(day.pointsSpent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="ops-table">
            <caption className="ops-caption">Per driver</caption>
            <thead>
              <tr>
                <th scope="col">Driver</th>
                <th scope="col">Tasks completed</th>
                <th scope="col">Earnings</th>
                <th scope="col">Of which cancel fees</th>
              </tr>
            </thead>
            <tbody>
              {report.data.drivers.map((driver) => (
                <tr key={driver.driverId}>
                  <th scope="row">{driver.name}</th>
                  <td>{driver.completed}</td>
                  <td>{formatNaira(driver.earnings)}</td>
                  <td>{formatNaira(driver.fees)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </main>
  );
}
