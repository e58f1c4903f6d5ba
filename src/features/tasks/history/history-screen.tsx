import { useMemo } from 'react';
import { failureText, type FailureTexts } from '../../../lib/api/query-failure';
import { useUserAndTasks } from '../../../lib/use-user-and-tasks';
import { LoadFailed } from '../../../ui/load-failed';
import type { Task } from '../../../shared/contract';
import { OfflineMarker } from '../../../ui/offline-marker';
import { HistoryCard } from './history-card';
import './history.css';

const MESSAGES: FailureTexts = {
  noToken: 'No authentication token found',
  failed: 'Failed to load history. Please check your connection.',
};

/**
 * Order history (/client/history): a grid of cards, newest first (the server's oldest-first
 * list reversed), with empty, loading and error states (the route's loader has started the
 * queries); 'View Task' on a card: the route decides what opens (Task Details, as on Home).
 */
export function HistoryScreen({ onViewTask }: { onViewTask: (task: Task) => void }) {
  const query = useUserAndTasks();
  const { data, error } = query;
  const tasks = useMemo(() => (data ? [...data.tasks].reverse() : []), [data]);
  return (
    <section className="page history">
      <h1>Order History</h1>
      {data ? <OfflineMarker cachedAt={query.cachedAt} /> : null}
      {!data && !error ? (
        <p className="muted" role="status">
          Loading delivery history...
        </p>
      ) : null}
      {error ? (
        <LoadFailed className="history-error" title="Error loading history" message={failureText(error, MESSAGES)} />
      ) : null}
      {data && tasks.length === 0 ? (
        <div className="history-empty">
          <h2>No order history found</h2>
          <p className="muted">You haven't completed any order yet.</p>
        </div>
      ) : null}
      {data && tasks.length > 0 ? (
        <ul className="history-grid" aria-label="Orders">
          {tasks.map((task) => (
            <li key={task._id}>
              <HistoryCard task={task} onViewTask={onViewTask} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
