/** The daily report (admins): per day the tasks by state and the money, per driver what they did and earned; CSV export. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatNaira } from '../../lib/format';
import { TASK_STATUSES } from '../../shared/task-status';
import { downloadCsv, reportQuery } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';

/** Today's date in Lagos (UTC+1 all year), YYYY-MM-DD. */
const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

export function ReportsScreen() {
  const [from, setFrom] = useState(lagosToday);
  const [to, setTo] = useState(lagosToday);
  const [error, setError] = useState<string | null>(null);
  const report = useQuery(reportQuery(from, to));
  const exportCsv = () =>
    downloadCsv('ops/reports/daily.csv', { from, to }, `greenpick-report-${from}-to-${to}.csv`).then(
      () => setError(null),
      async (failure) => setError(await errorText(failure, 'The export failed.')),
    );
  return (
    <main className="ops-main">
      <div className="ops-title-row">
        <h1>Daily report</h1>
        <button type="button" className="button button-small" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      <form className="ops-filters" aria-label="Days" onSubmit={(event) => event.preventDefault()}>
        <label>
          From{' '}
          <input className="text-input" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          To <input className="text-input" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </form>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {report.isPending ? (
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
