/** Today's tasks (accepted and on the way, soonest first). */
import { formatNaira } from '../lib/format';
import { formatLagosTime } from '../shared/display-format';
import type { DriverTask } from '../shared/driver-contract';
import { Link } from './link';
import { OfferPushPrompt } from './push';
import { useTasks } from './queries';
import { ScreenAge } from './screen-age';

export function statusText(task: DriverTask): string {
  if (task.status === 'on-going') return task.arrivedAt ? 'Arrived' : 'On the way';
  return 'Accepted';
}

export function whenText(task: DriverTask): string {
  return task.window
    ? `${formatLagosTime(Date.parse(task.window.start))} to ${formatLagosTime(Date.parse(task.window.end))}`
    : 'As soon as possible';
}

export function TasksScreen() {
  const tasks = useTasks();
  return (
    <main className="driver-main">
      <h1>Today's tasks</h1>
      <ScreenAge kept={tasks.data} />
      <OfferPushPrompt />
      {tasks.isPending ? <p>Loading…</p> : null}
      {tasks.isError && !tasks.data ? (
        <p role="alert" className="driver-error">
          Your tasks could not be loaded. They show here once the network is back.
        </p>
      ) : null}
      {tasks.data && tasks.data.data.length === 0 ? (
        <p className="driver-empty">No tasks yet. Go online to get offers.</p>
      ) : null}
      <ul className="driver-list">
        {tasks.data?.data.map((task) => (
          <li key={task.taskId}>
            <Link to={`/tasks/${task.taskId}`} className="driver-card">
              <strong>{task.service.name}</strong>
              <span dir="auto">{task.address}</span>
              <span className="driver-card-meta">
                {statusText(task)} · {whenText(task)} · {formatNaira(task.earnings)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
