import { useMemo } from 'react';
import type { Answer } from '../../../lib/api/answer';
import type { UserAndTasks } from '../../../lib/signed-in-reads';
import { useRead, type ReadMessages } from '../../../lib/use-read';
import { LoadFailed } from '../../../ui/load-failed';
import type { Task } from '../../../shared/contract';
import { OfflineMarker } from '../../../ui/offline-marker';
import { HistoryCard } from './history-card';
import './history.css';

const MESSAGES: ReadMessages = {
  noToken: 'No authentication token found',
  failed: 'Failed to load history. Please check your connection.',
};

/**
 * Order history (/client/history): a grid of cards, newest first (the server's oldest-first
 * list reversed), with empty, loading and error states. `history` is read by the route's
 * loader; 'View Task' on a card: the route decides what opens (Task Details, as on Home).
 */
export function HistoryScreen({
  history,
  onViewTask,
}: {
  history: Promise<Answer<UserAndTasks>>;
  onViewTask: (task: Task) => void;
}) {
  const data = useRead(history, MESSAGES);
  const tasks = useMemo(() => (data.status === 'loaded' ? [...data.data.tasks].reverse() : []), [data]);
  return (
    <section className="page history">
      <h1>Order History</h1>
      {data.status === 'loaded' ? <OfflineMarker cachedAt={data.cachedAt} /> : null}
      {data.status === 'loading' ? (
        <p className="muted" role="status">
          Loading delivery history...
        </p>
      ) : null}
      {data.status === 'error' ? (
        <LoadFailed className="history-error" title="Error loading history" message={data.message} />
      ) : null}
      {data.status === 'loaded' && tasks.length === 0 ? (
        <div className="history-empty">
          <h2>No order history found</h2>
          <p className="muted">You haven't completed any order yet.</p>
        </div>
      ) : null}
      {data.status === 'loaded' && tasks.length > 0 ? (
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
