/**
 * The dispatch board (docs/operations.md 'The board'): the Needs attention lane, the live map,
 * and the tasks as a table the server searches, filters and pages (50 a page, due first), with
 * assignment from each row.
 */
import { Suspense, lazy, useId, useState } from 'react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { formatTime } from '../../lib/format';
import {
  type BoardFilters,
  type Driver,
  type Me,
  type TaskSummary,
  boardQuery,
  driversQuery,
  BOARD_REFRESH_MS,
  useAssignTask,
} from '../api';
import { errorText } from '../http';
import { ConsoleLink } from '../link';
import { ATTENTION_TEXT, attentionDetail, byFreshness, dueText, lateness, mayAssign, stateText } from '../rules';
import { useNow } from '../../lib/use-now';
import { SERVICE_OFFERING } from '../../shared/service-names';

const BoardMap = lazy(() => import('./board-map'));
/** One empty list for every render (a support agent reads no drivers): the map's markers change only with the data. */
const NO_TASKS: TaskSummary[] = [];
const NO_DRIVERS: Driver[] = [];

const NO_FILTERS: BoardFilters = { search: '', state: 'open', service: '', day: '', driver: '', attention: false };
const ATTENTION_LANE: BoardFilters = { ...NO_FILTERS, attention: true };

/**
 * The board's first reads (its first page and the lane), asked beside the operator's own
 * (`/ops/me`) when the console opens on the board, not after it: one round trip less before the
 * board is usable (bench/console-board.ts). A role the board is not for is refused; nothing shows it.
 */
export function prefetchBoard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(boardQuery(NO_FILTERS, 1));
  void queryClient.prefetchQuery(boardQuery(ATTENTION_LANE, 1));
}

export function BoardScreen({ me }: { me: Me }) {
  const [filters, setFilters] = useState<BoardFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const tasks = useQuery(boardQuery(filters, page));
  const lane = useQuery(boardQuery(ATTENTION_LANE, 1));
  const canAssign = mayAssign(me.role);
  const drivers = useQuery({ ...driversQuery(BOARD_REFRESH_MS), enabled: canAssign });
  const now = useNow();
  const rows = tasks.data?.data ?? NO_TASKS;
  const total = tasks.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (tasks.data?.pageSize ?? 50)));
  const freeDrivers = byFreshness(
    (drivers.data ?? NO_DRIVERS).filter((driver) => driver.active && driver.online && !driver.busy),
  );
  const change = (next: Partial<BoardFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
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
      <AttentionLane tasks={lane.data?.data ?? NO_TASKS} total={lane.data?.total ?? 0} now={now} />
      <Suspense fallback={<div className="ops-map" />}>
        <BoardMap tasks={rows} drivers={drivers.data ?? NO_DRIVERS} selected={selected} onSelect={setSelected} />
      </Suspense>
      <FilterBar filters={filters} drivers={drivers.data ?? NO_DRIVERS} onChange={change} />
      <table className="ops-table ops-board-table">
        <caption className="ops-caption">
          {total === 1 ? '1 task' : `${total.toLocaleString('en-NG')} tasks`}, due first · page {page} of {pages}
        </caption>
        <thead>
          <tr>
            <th scope="col">Due</th>
            <th scope="col">Service</th>
            <th scope="col">Address</th>
            <th scope="col">Client</th>
            <th scope="col">State</th>
            <th scope="col">Driver</th>
            {canAssign && <th scope="col">Assign</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              now={now}
              selected={task.id === selected}
              drivers={canAssign ? freeDrivers : null}
            />
          ))}
        </tbody>
      </table>
      <nav className="ops-pager" aria-label="Pages">
        <button
          type="button"
          className="button button-small"
          disabled={page <= 1}
          onClick={() => setPage((current) => current - 1)}
        >
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button
          type="button"
          className="button button-small"
          disabled={page >= pages}
          onClick={() => setPage((current) => current + 1)}
        >
          Next
        </button>
      </nav>
    </main>
  );
}

/** Every exception with its owner: why each task is here, and the way to it. */
function AttentionLane({ tasks, total, now }: { tasks: TaskSummary[]; total: number; now: number }) {
  return (
    <section className="ops-attention" aria-labelledby="attention-title">
      <h2 id="attention-title">
        Needs attention <span className="ops-count">{total}</span>
      </h2>
      {tasks.length === 0 ? (
        <p className="muted">Nothing needs attention.</p>
      ) : (
        <ul className="ops-list" aria-label="Needs attention">
          {tasks.map((task) => (
            <li key={task.id} className="ops-card ops-late-red">
              <p className="ops-card-title">
                <ConsoleLink to={`/console/tasks/${task.id}`}>{task.service.name}</ConsoleLink>
                <span>
                  {task.client.name} · {task.address} · {dueText(task)}
                </span>
              </p>
              <p>
                {task.attention ? ATTENTION_TEXT[task.attention] : ''} {attentionDetail(task, now)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FilterBar({
  filters,
  drivers,
  onChange,
}: {
  filters: BoardFilters;
  drivers: Driver[];
  onChange: (next: Partial<BoardFilters>) => void;
}) {
  const ids = useId();
  const [search, setSearch] = useState(filters.search);
  return (
    <form
      className="ops-filters"
      aria-label="Search and filters"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ search });
      }}
    >
      <label htmlFor={`${ids}-search`}>Search</label>
      <input
        id={`${ids}-search`}
        className="text-input"
        type="search"
        maxLength={100}
        placeholder="Address, client name or phone, task id, driver"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <button type="submit" className="button button-small">
        Search
      </button>
      <label htmlFor={`${ids}-state`}>State</label>
      <select
        id={`${ids}-state`}
        className="text-input"
        value={filters.state}
        onChange={(event) => onChange({ state: event.target.value === 'all' ? 'all' : 'open' })}
      >
        <option value="open">Open</option>
        <option value="all">All, done and cancelled too</option>
      </select>
      <label htmlFor={`${ids}-service`}>Service</label>
      <select
        id={`${ids}-service`}
        className="text-input"
        value={filters.service}
        onChange={(event) => onChange({ service: event.target.value })}
      >
        <option value="">Any</option>
        {SERVICE_OFFERING.map((service) => (
          <option key={service.tag} value={service.tag}>
            {service.name}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-day`}>Day</label>
      <input
        id={`${ids}-day`}
        className="text-input"
        type="date"
        value={filters.day}
        onChange={(event) => onChange({ day: event.target.value })}
      />
      {drivers.length > 0 && (
        <>
          <label htmlFor={`${ids}-driver`}>Driver</label>
          <select
            id={`${ids}-driver`}
            className="text-input"
            value={filters.driver}
            onChange={(event) => onChange({ driver: event.target.value })}
          >
            <option value="">Any</option>
            {drivers.map((driver) => (
              <option key={driver.id} value={driver.id}>
                {driver.name}
              </option>
            ))}
          </select>
        </>
      )}
      <label className="ops-check">
        <input
          type="checkbox"
          checked={filters.attention}
          onChange={(event) => onChange({ attention: event.target.checked })}
        />
        Needs attention only
      </label>
    </form>
  );
}

const LATENESS_LABEL = { 'on-time': '', amber: 'Late', red: 'Very late' } as const;

function TaskRow({
  task,
  now,
  selected,
  drivers,
}: {
  task: TaskSummary;
  now: number;
  selected: boolean;
  drivers: Driver[] | null;
}) {
  const late = lateness(task.promiseAt, now);
  return (
    <tr
      className={`ops-late-${late}${selected ? ' is-selected' : ''}`}
      aria-label={`${task.service.name} for ${task.client.firstname}`}
      ref={(row) => {
        if (selected) row?.scrollIntoView({ block: 'nearest' });
      }}
    >
      <td className="ops-nowrap">
        {dueText(task)}
        {late !== 'on-time' && <span className={`ops-badge ops-badge-${late}`}>{LATENESS_LABEL[late]}</span>}
      </td>
      <td>
        <ConsoleLink to={`/console/tasks/${task.id}`}>{task.service.name}</ConsoleLink>
      </td>
      <td dir="auto">{task.address}</td>
      <td>
        <bdi>{task.client.name}</bdi>
      </td>
      <td>{stateText(task, now)}</td>
      <td>
        {task.driver ? (
          <>
            Driver: <bdi>{task.driver.name}</bdi>
          </>
        ) : (
          '—'
        )}
      </td>
      {drivers && (
        <td>
          {task.status === 'pending' || task.status === 'driver-assigned' ? (
            <AssignForm task={task} drivers={drivers} />
          ) : null}
        </td>
      )}
    </tr>
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
