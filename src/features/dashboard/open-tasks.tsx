import type { Task } from '../../shared/contract';
import { formatDateTime } from '../../lib/format';
import { taskServiceName } from '../../shared/service-names';
import { isOpenTaskStatus } from '../../shared/task-events';
import { ProgressLine } from '../../ui/progress-line';

/** The client's tasks still under way (pending, driver assigned, on going), soonest first. */
export function openTasks(newestFirst: readonly Task[]): Task[] {
  return newestFirst.filter((task) => isOpenTaskStatus(task.status)).reverse();
}

/**
 * 'Your open tasks', first on Home: each task still under way with its progress line and its
 * time, opening its task page. Nothing when no task is open (Recent Tasks says the rest).
 */
export function OpenTasks({ tasks, onOpenTask }: { tasks: readonly Task[]; onOpenTask: (task: Task) => void }) {
  if (tasks.length === 0) return null;
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-open-title">
      <h2 id="dashboard-open-title" className="dashboard-section-title">
        Your open tasks
      </h2>
      <ul className="dashboard-open-tasks" aria-label="Your open tasks">
        {tasks.map((task) => (
          <li key={task._id} className="dashboard-open-task" data-reference={task.reference}>
            <button
              type="button"
              className="dashboard-open-task-button"
              data-return-focus={`open-${task._id}`}
              onClick={() => onOpenTask(task)}
            >
              <span className="dashboard-open-task-head">
                <span className="dashboard-task-name">{taskServiceName(task)}</span>
                <span className="dashboard-task-meta">
                  <time dateTime={task.datetime}>{formatDateTime(task.datetime)}</time>
                </span>
              </span>
              <ProgressLine task={task} compact />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
