import { windowText } from '../../shared/pickup-windows';
import { taskPaidNaira, taskQuantityText } from '../../shared/collected';
import { quantityRule } from '../../shared/quantity';
import type { Task } from '../../shared/contract';
import { formatDateTime, formatNaira } from '../../lib/format';
import { taskServiceName } from '../../shared/service-names';
import { canViewTask, taskStatusLabel, taskStatusTone } from '../../shared/task-status';
import { StatusBadge } from '../../ui/status-badge';
import { scrollIntoViewOnce } from './scroll-into-view';

interface RecentTasksProps {
  /** Newest first. */
  tasks: readonly Task[];
  onViewTask: (task: Task) => void;
  /** The payment reference of the booking just made: its card is marked and brought into view. */
  highlightReference?: string;
}

/**
 * Recent Tasks with status badges (and the confirmation code on mobile), or 'No recent tasks
 * found'. A card keeps its element when its status changes (keyed by id), so it updates in place.
 */
export function RecentTasks({ tasks, onViewTask, highlightReference }: RecentTasksProps) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-tasks-title">
      <h2 id="dashboard-tasks-title" className="dashboard-section-title">
        Recent Tasks
      </h2>
      {tasks.length === 0 ? (
        <p className="muted">No recent tasks found</p>
      ) : (
        <ul className="dashboard-tasks" aria-label="Recent Tasks">
          {tasks.map((task) => (
            <li
              key={task._id}
              className={
                task.reference === highlightReference ? 'dashboard-task dashboard-highlight' : 'dashboard-task'
              }
              data-reference={task.reference}
              ref={task.reference === highlightReference ? scrollIntoViewOnce : undefined}
            >
              <div className="dashboard-task-main">
                <p className="dashboard-task-name" id={`task-${task._id}-name`}>
                  {taskServiceName(task)}
                </p>
                <p className="dashboard-task-meta">
                  <time dateTime={task.datetime}>{formatDateTime(task.datetime)}</time>
                  {Number.isFinite(task.amount) ? <span> · {formatNaira(taskPaidNaira(task))}</span> : null}
                  {task.quantity && quantityRule(task.unit) ? <span> · {taskQuantityText(task)}</span> : null}
                </p>
                {task.scheduledFor ? (
                  <p className="dashboard-task-window">Pickup {windowText(task.scheduledFor)}</p>
                ) : null}
                {task.confirmationCode ? (
                  <p className="dashboard-task-code dashboard-mobile-only">Code: {task.confirmationCode}</p>
                ) : null}
              </div>
              <div className="dashboard-task-side">
                <StatusBadge label={taskStatusLabel(task.status)} tone={taskStatusTone(task.status)} />
                {canViewTask(task.status) ? (
                  <button
                    type="button"
                    className="button button-small dashboard-view-task"
                    data-return-focus={`recent-${task._id}`}
                    onClick={() => onViewTask(task)}
                    aria-describedby={`task-${task._id}-name`}
                  >
                    View Task
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
