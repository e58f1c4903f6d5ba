import { useQuery } from '@tanstack/react-query';
import { pointsQuery } from '../../lib/api/points';
import { failureText } from '../../lib/api/query-failure';
import { formatDateTime, formatDecimal } from '../../lib/format';
import { LoadFailed } from '../../ui/load-failed';
import { OfflineMarker } from '../../ui/offline-marker';
import { POINTS_EXPLAINED, pointsEntryText, signedPoints } from './points-text';
import { WeeklyReport } from './weekly-report';
import './points.css';

/** The points balance and the ledger it is the sum of (/client/points); Gold's and Platinum's weekly report. */
export function PointsScreen() {
  const query = useQuery(pointsQuery());
  const data = query.data?.data;
  return (
    <section className="page points">
      <h1>Your Points</h1>
      <p className="points-explained">{POINTS_EXPLAINED}</p>
      {data ? (
        <>
          <OfflineMarker cachedAt={query.data?.cachedAt} />
          <p className="points-balance">
            <span className="points-balance-value">{formatDecimal(data.balance)}</span> points
          </p>
          {data.entries.length === 0 ? (
            <p className="muted">No points yet. Book a recycling pickup to start earning.</p>
          ) : (
            <ul className="points-ledger" aria-label="Points history">
              {data.entries.map((entry) => (
                <li key={entry._id} className="points-entry">
                  <span className="points-entry-what">{pointsEntryText(entry)}</span>
                  <span className="points-entry-when">{formatDateTime(entry.at)}</span>
                  <span className={entry.amount < 0 ? 'points-entry-amount points-spent' : 'points-entry-amount'}>
                    {signedPoints(entry.amount, formatDecimal)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : query.error ? (
        <LoadFailed
          className="points-error"
          message={failureText(query.error, { failed: 'Failed to load your points' })}
        />
      ) : (
        <p className="muted" role="status">
          Loading your points...
        </p>
      )}
      <WeeklyReport />
    </section>
  );
}
