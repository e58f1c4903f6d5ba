/** The dispatch board: the live map, and the open tasks in columns by state, with assignment. */
import { Suspense, lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatTime } from '../../lib/format';
import {
  type Driver,
  type Me,
  type TaskSummary,
  driversQuery,
  tasksQuery,
  BOARD_REFRESH_MS,
  useAssignTask,
} from '../api';
import { errorText } from '../http';
import { ConsoleLink } from '../link';
import { COLUMNS, type Column, columnOf, countdown, lateness, mayAssign, waitedFor } from '../rules';
import { useNow } from '../../lib/use-now';

const BoardMap = lazy(() => import('./board-map'));
/** One empty list for every render (a support agent reads no drivers): the map's markers change only with the data. */
const NO_TASKS: TaskSummary[] = [];
const NO_DRIVERS: Driver[] = [];

export function BoardScreen({ me }: { me: Me }) {
  const tasks = useQuery(tasksQuery());
  const canAssign = mayAssign(me.role);
  const drivers = useQuery({ ...driversQuery(BOARD_REFRESH_MS), enabled: canAssign });
  const now = useNow();
  const open = tasks.data ?? NO_TASKS;
  const freeDrivers = (drivers.data ?? NO_DRIVERS).filter((driver) => driver.active && driver.online && !driver.busy);
  const byColumn = (column: Column) => open.filter((task) => columnOf(task) === column);
  return (
    <main className="ops-main ops-board">
      <div className="ops-title-row">
        <h1>Board</h1>
        <p className="muted" aria-live="polite">
          {tasks.isError
            ? 'The board could not refresh; it tries again in a few seconds.'
            : tasks.dataUpdatedAt
              ? `Updated ${formatTime(tasks.dataUpdatedAt)}`
              : 'Loading…'}
        </p>
      </div>
      <Suspense fallback={<div className="ops-map" />}>
        <BoardMap tasks={open} drivers={drivers.data ?? NO_DRIVERS} />
      </Suspense>
      <div className="ops-columns">
        {COLUMNS.map(({ column, title }) => {
          const list = byColumn(column);
          return (
            <section key={column} className="ops-column" aria-labelledby={`column-${column}`}>
              <h2 id={`column-${column}`}>
                {title} <span className="ops-count">{list.length}</span>
              </h2>
              <ul aria-label={title}>
                {list.map((task) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    column={column}
                    now={now}
                    drivers={canAssign ? freeDrivers : null}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </main>
  );
}

const LATENESS_LABEL = { 'on-time': '', amber: 'Late', red: 'Very late' } as const;

function TaskCard({
  task,
  column,
  now,
  drivers,
}: {
  task: TaskSummary;
  column: Column;
  now: number;
  drivers: Driver[] | null;
}) {
  const late = lateness(task.promiseAt, now);
  return (
    <li className={`ops-card ops-late-${late}`} aria-label={`${task.service.name} for ${task.client.firstname}`}>
      <p className="ops-card-title">
        <ConsoleLink to={`/console/tasks/${task.id}`}>{task.service.name}</ConsoleLink>
        {late !== 'on-time' && <span className={`ops-badge ops-badge-${late}`}>{LATENESS_LABEL[late]}</span>}
      </p>
      <p className="muted" dir="auto">
        {task.address}
      </p>
      <p>
        <bdi>{task.client.firstname}</bdi>
        {task.window
          ? ` · ${formatTime(task.window.start)}–${formatTime(task.window.end)}`
          : task.asap
            ? ' · ASAP'
            : ''}
      </p>
      {column === 'waiting' && <p>Waiting {waitedFor(task.waitingSince ?? task.createdAt, now)}</p>}
      {task.offer && (
        <p>
          Offered to <bdi>{task.offer.driverName}</bdi> · {countdown(task.offer.expiresAt, now)} left
        </p>
      )}
      {task.driver && (
        <p>
          Driver: <bdi>{task.driver.name}</bdi>
        </p>
      )}
      {drivers && <AssignForm task={task} drivers={drivers} />}
    </li>
  );
}

/** A select of the online free drivers and a button: the keyboard's way to assign (the server checks again). */
function AssignForm({ task, drivers }: { task: TaskSummary; drivers: Driver[] }) {
  const [driverId, setDriverId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignTask({
    onSuccess: () => {
      setError(null);
      setDriverId('');
    },
    onError: async (failure) => setError(await errorText(failure, 'The task could not be assigned.')),
  });
  const verb = task.driver ? 'Reassign' : 'Assign';
  const choices = drivers.filter((driver) => driver.id !== task.driver?.id);
  return (
    <form
      className="ops-assign"
      onSubmit={(event) => {
        event.preventDefault();
        if (driverId) assign.mutate({ taskId: task.id, driverId });
      }}
    >
      <select
        className="text-input"
        value={driverId}
        onChange={(event) => setDriverId(event.target.value)}
        aria-label={`Driver for ${task.service.name} at ${task.address}`}
      >
        <option value="">{choices.length > 0 ? 'Choose a driver' : 'No free driver online'}</option>
        {choices.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
            {driver.vehicle ? ` (${driver.vehicle})` : ''}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small" disabled={!driverId || assign.isPending}>
        {verb}
      </button>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
    </form>
  );
}
