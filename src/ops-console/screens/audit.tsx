/** The audit trail (admin): every action on a task, payment, refund, driver, operator or support request, newest first. */
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { auditQuery } from '../api';
import { LoadError } from '../error-message';

/** Before and after as short JSON (the table wraps it). */
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditScreen() {
  const entries = useQuery({ ...auditQuery(), refetchInterval: 15_000 });
  if (entries.isPending) return <main className="ops-main">Loading…</main>;
  if (entries.isError) return <LoadError error={entries.error} />;
  return (
    <main className="ops-main">
      <h1>Audit</h1>
      <table className="ops-table ops-audit">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">From</th>
            <th scope="col">Action</th>
            <th scope="col">Subject</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {entries.data.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>{entry.actor}</td>
              <td>{entry.address ?? '—'}</td>
              <td>{entry.action}</td>
              <td>{entry.subject}</td>
              <td className="ops-json">{shown(entry.before)}</td>
              <td className="ops-json">{shown(entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
