import type { Task } from '../../../shared/contract';
import { OfflineMarker } from '../../../ui/offline-marker';
import { HistoryCard } from './history-card';
import { useHistoryData } from './use-history-data';
import './history.css';

/**
 * Order history (/client/history): a grid of cards, newest first, with empty, loading and
 * error states. 'View Task' on a card: the route decides what opens (Task Details, as on Home).
 */
export function HistoryScreen({ onViewTask }: { onViewTask: (task: Task) => void }) {
  const data = useHistoryData();
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
        <div className="history-error" role="alert">
          <h2>Error loading history</h2>
          <p>{data.message}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try Again
          </button>
        </div>
      ) : null}
      {data.status === 'loaded' && data.tasks.length === 0 ? (
        <div className="history-empty">
          <h2>No order history found</h2>
          <p className="muted">You haven't completed any order yet.</p>
        </div>
      ) : null}
      {data.status === 'loaded' && data.tasks.length > 0 ? (
        <ul className="history-grid" aria-label="Orders">
          {data.tasks.map((task) => (
            <li key={task._id}>
              <HistoryCard task={task} onViewTask={onViewTask} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
