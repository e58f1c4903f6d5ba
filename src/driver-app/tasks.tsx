/** Today's tasks (accepted and on the way, soonest first) and the earnings screen. */
import { formatNaira } from '../lib/format';
import { formatLagosTime } from '../shared/display-format';
import type { DriverTask } from '../shared/driver-contract';
import { Link } from './link';
import { useEarnings, useTasks } from './queries';
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

export function EarningsScreen() {
  const earnings = useEarnings();
  const data = earnings.data?.data;
  return (
    <main className="driver-main">
      <h1>Earnings</h1>
      <ScreenAge kept={earnings.data} />
      {earnings.isError && !data ? (
        <p role="alert" className="driver-error">
          Earnings could not be loaded. They show here once the network is back.
        </p>
      ) : null}
      {data ? (
        <div className="driver-earnings">
          <section aria-labelledby="earnings-today">
            <h2 id="earnings-today">Today</h2>
            <p className="driver-earnings-amount" data-testid="earnings-today">
              {formatNaira(data.today.earnings)}
            </p>
            <p>
              {data.today.tasks} {data.today.tasks === 1 ? 'task' : 'tasks'}
            </p>
          </section>
          <section aria-labelledby="earnings-week">
            <h2 id="earnings-week">This week</h2>
            <p className="driver-earnings-amount" data-testid="earnings-week">
              {formatNaira(data.week.earnings)}
            </p>
            <p>
              {data.week.tasks} {data.week.tasks === 1 ? 'task' : 'tasks'}
            </p>
          </section>
        </div>
      ) : null}
    </main>
  );
}
