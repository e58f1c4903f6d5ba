import type { Task } from '../../../shared/contract';
import { formatDateTime, formatNaira } from '../../../lib/format';
import { taskServiceName } from '../../../shared/service-names';
import { taskStatusLabel, taskStatusTone } from '../../../shared/task-status';
import { StatusBadge } from '../../../ui/status-badge';
import { driverName, formatCoordinates } from './history-card-fields';

/** One order: status, '#reference', address, coordinates, driver, date and time, amount, confirmation. */
export function HistoryCard({ task }: { task: Task }) {
  const coordinates = formatCoordinates(task);
  return (
    <article className="history-card" aria-labelledby={`history-${task._id}`}>
      <header className="history-card-header">
        <h2 id={`history-${task._id}`} className="history-card-reference">
          #{task.reference}
        </h2>
        <StatusBadge label={taskStatusLabel(task.status)} tone={taskStatusTone(task.status)} />
      </header>
      <p className="history-card-service">{taskServiceName(task)}</p>
      <dl className="history-card-fields">
        <dt>Address</dt>
        <dd>{task.address || 'N/A'}</dd>
        {coordinates ? (
          <>
            <dt>Coordinates</dt>
            <dd>{coordinates}</dd>
          </>
        ) : null}
        <dt>Driver</dt>
        <dd>{driverName(task)}</dd>
        <dt>Date</dt>
        <dd>
          <time dateTime={task.datetime}>{formatDateTime(task.datetime)}</time>
        </dd>
        {typeof task.amount === 'number' && Number.isFinite(task.amount) ? (
          <>
            <dt>Amount</dt>
            <dd className="history-card-amount">{formatNaira(task.amount)}</dd>
          </>
        ) : null}
      </dl>
      {task.confirmationCode ? <p className="history-card-confirmation">Confirmation: {task.confirmationCode}</p> : null}
    </article>
  );
}
