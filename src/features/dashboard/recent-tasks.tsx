import type { Task } from '../../shared/contract';
import { formatDateTime, formatNaira } from '../../lib/format';
import { taskServiceName } from '../../shared/service-names';
import { canViewTask, taskStatusLabel, taskStatusTone } from '../../shared/task-status';
import { StatusBadge } from '../../ui/status-badge';

interface RecentTasksProps {
  /** Newest first. */
  tasks: readonly Task[];
  onViewTask: (task: Task) => void;
}

/** Recent Tasks with status badges (and the confirmation code on mobile), or 'No recent tasks found'. */
export function RecentTasks({ tasks, onViewTask }: RecentTasksProps) {
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
            <li key={task._id} className="dashboard-task">
              <div className="dashboard-task-main">
                <p className="dashboard-task-name" id={`task-${task._id}-name`}>
                  {taskServiceName(task)}
                </p>
                <p className="dashboard-task-meta">
                  <time dateTime={task.datetime}>{formatDateTime(task.datetime)}</time>
                  {Number.isFinite(task.amount) ? <span> · {formatNaira(task.amount)}</span> : null}
                </p>
                {task.confirmationCode ? <p className="dashboard-task-code dashboard-mobile-only">Code: {task.confirmationCode}</p> : null}
              </div>
              <div className="dashboard-task-side">
                <StatusBadge label={taskStatusLabel(task.status)} tone={taskStatusTone(task.status)} />
                {canViewTask(task.status) ? (
                  <button type="button" className="button button-small dashboard-view-task" onClick={() => onViewTask(task)} aria-describedby={`task-${task._id}-name`}>
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
