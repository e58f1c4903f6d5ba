import { windowText } from '../../../shared/pickup-windows';
import { taskPaidNaira, taskQuantityText } from '../../../shared/collected';
import { quantityRule } from '../../../shared/quantity';
import type { Task } from '../../../shared/contract';
import { formatDateTime, formatNaira } from '../../../lib/format';
import { taskServiceName } from '../../../shared/service-names';
import { taskStatusLabel, taskStatusTone } from '../../../shared/task-status';
import { refundText } from '../../../shared/task-progress';
import { StatusBadge } from '../../../ui/status-badge';
import { driverName, taskCoordinates } from './history-card-fields';

interface HistoryCardProps {
  task: Task;
  /** 'View Task' (the task's page, composed by the route): every order, pending and cancelled too. */
  onViewTask: (task: Task) => void;
}

/**
 * One order, what a client looks for first: the service, its date and its status; then the
 * address, driver and amount; the '#reference', coordinates and confirmation code come last.
 * 'View Task' opens its page whatever its status: History is where a client looks up any order.
 */
export function HistoryCard({ task, onViewTask }: HistoryCardProps) {
  const coordinates = taskCoordinates(task);
  const titleId = `history-${task._id}`;
  const whenId = `history-${task._id}-when`;
  return (
    <article className="history-card" aria-labelledby={`${titleId} ${whenId}`}>
      <header className="history-card-header">
        <h2 id={titleId} className="history-card-service">
          {taskServiceName(task)}
        </h2>
        <p className="history-card-when">
          <time id={whenId} dateTime={task.datetime}>
            {formatDateTime(task.datetime)}
          </time>
          <StatusBadge label={taskStatusLabel(task.status)} tone={taskStatusTone(task.status)} />
        </p>
      </header>
      {task.refund ? <p className="history-card-refund">{refundText(task.refund)}</p> : null}
      <dl className="history-card-fields">
        <dt>Address</dt>
        <dd>{task.address || 'N/A'}</dd>
        {task.addressDetails?.trim() ? (
          <>
            <dt>Address details</dt>
            <dd className="address-details-text">{task.addressDetails.trim()}</dd>
          </>
        ) : null}
        {task.scheduledFor ? (
          <>
            <dt>Pickup time</dt>
            <dd>{windowText(task.scheduledFor)}</dd>
          </>
        ) : null}
        {task.quantity && quantityRule(task.unit) ? (
          <>
            <dt>Quantity</dt>
            <dd>{taskQuantityText(task)}</dd>
          </>
        ) : null}
        <dt>Driver</dt>
        <dd>{driverName(task)}</dd>
        {typeof task.amount === 'number' && Number.isFinite(task.amount) ? (
          <>
            <dt>Amount</dt>
            <dd className="history-card-amount">{formatNaira(taskPaidNaira(task))}</dd>
          </>
        ) : null}
        <dt>Reference</dt>
        <dd className="history-card-reference">#{task.reference}</dd>
        {coordinates ? (
          <>
            <dt>Coordinates</dt>
            <dd>{coordinates}</dd>
          </>
        ) : null}
      </dl>
      <footer className="history-card-footer">
        {task.confirmationCode ? (
          <p className="history-card-confirmation">Confirmation: {task.confirmationCode}</p>
        ) : null}
        <button
          type="button"
          className="button button-small history-card-view"
          data-return-focus={`history-${task._id}`}
          onClick={() => onViewTask(task)}
          aria-describedby={titleId}
        >
          View Task
        </button>
      </footer>
    </article>
  );
}
