/**
 * The dispatch board (docs/operations.md 'The board'): the Needs attention lane, the live map,
 * and the tasks as a table the server searches, filters and pages (50 a page, due first), with
 * assignment from each row.
 */
import { Suspense, lazy, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { formatTime } from '../../lib/format';
import {
  type BoardFilters,
  type Driver,
  type Me,
  type TaskSummary,
  boardQuery,
  boardSearchParams,
  driversQuery,
  BOARD_REFRESH_MS,
  useAssignTask,
} from '../api';
import { ConsoleLink } from '../link';
import { firstError, queryResolver, showRefusal, useConsoleForm } from '../form-values';
import { ATTENTION_TEXT, attentionDetail, byFreshness, dueText, lateness, mayAssign, stateText } from '../rules';
import { useNow } from '../../lib/use-now';
import { SERVICE_OFFERING } from '../../shared/service-names';
import { BOARD_SEARCH_MAX, boardQuerySchema } from '../../shared/schemas/ops-console';
import { opsIdSchema } from '../../shared/schemas/ops';
import { FormError } from '../../ui/text-field';

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
  // The board's filters are the query; the form opens with them. The search waits for its
  // button, each other filter applies when it changes.
  const form = useConsoleForm<BoardFilters>({
    defaultValues: filters,
    resolver: queryResolver(boardQuerySchema, (values: BoardFilters) => boardSearchParams(values, 1)),
  });
  const { errors } = form.formState;
  const problem = firstError(errors);
  const applied = (name: keyof BoardFilters) => () => onChange({ [name]: form.getValues(name) });
  return (
    <form
      className="ops-filters"
      aria-label="Search and filters"
      onSubmit={form.handleSubmit(({ search }) => onChange({ search }))}
    >
      <label htmlFor={`${ids}-search`}>Search</label>
      <input
        id={`${ids}-search`}
        className="text-input"
        type="search"
        maxLength={BOARD_SEARCH_MAX}
        placeholder="Address, client name or phone, task id, driver"
        aria-invalid={errors.search ? true : undefined}
        aria-describedby={problem ? `${ids}-problem` : undefined}
        {...form.register('search', { onChange: () => form.clearErrors('search') })}
      />
      <button type="submit" className="button button-small">
        Search
      </button>
      <label htmlFor={`${ids}-state`}>State</label>
      <select id={`${ids}-state`} className="text-input" {...form.register('state', { onChange: applied('state') })}>
        <option value="open">Open</option>
        <option value="all">All, done and cancelled too</option>
      </select>
      <label htmlFor={`${ids}-service`}>Service</label>
      <select
        id={`${ids}-service`}
        className="text-input"
        {...form.register('service', { onChange: applied('service') })}
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
        {...form.register('day', { onChange: applied('day') })}
      />
      {drivers.length > 0 && (
        <>
          <label htmlFor={`${ids}-driver`}>Driver</label>
          <select
            id={`${ids}-driver`}
            className="text-input"
            {...form.register('driver', { onChange: applied('driver') })}
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
        <input type="checkbox" {...form.register('attention', { onChange: applied('attention') })} />
        Needs attention only
      </label>
      {problem && (
        <p id={`${ids}-problem`} role="alert" className="ops-error">
          {problem}
        </p>
      )}
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

/** The one rule of an assignment, the server's (POST /ops/tasks/:id/assign). */
const assignSchema = z.object({ driverId: opsIdSchema('driverId') });

/** A select of the online free drivers and a button: the keyboard's way to assign (the server checks again). */
function AssignForm({ task, drivers }: { task: TaskSummary; drivers: Driver[] }) {
  const form = useConsoleForm<{ driverId: string }>({
    defaultValues: { driverId: '' },
    resolver: zodResolver(assignSchema),
  });
  const driverId = useWatch({ control: form.control, name: 'driverId' });
  const { errors, isSubmitting } = form.formState;
  const assign = useAssignTask();
  const submit = async ({ driverId }: { driverId: string }) => {
    try {
      await assign.mutateAsync({ taskId: task.id, driverId });
      form.reset();
    } catch (failure) {
      await showRefusal(form, failure, 'The task could not be assigned.');
    }
  };
  const verb = task.driver ? 'Reassign' : 'Assign';
  const choices = drivers.filter((driver) => driver.id !== task.driver?.id);
  return (
    <form className="ops-assign" onSubmit={form.handleSubmit(submit)}>
      <select
        className="text-input"
        aria-label={`Driver for ${task.service.name} at ${task.address}`}
        {...form.register('driverId')}
      >
        <option value="">{choices.length > 0 ? 'Choose a driver' : 'No free driver online'}</option>
        {choices.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
            {driver.vehicle ? ` (${driver.vehicle})` : ''}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small" disabled={!driverId || isSubmitting}>
        {verb}
      </button>
      <FormError message={errors.root?.message ?? errors.driverId?.message} className="ops-error" />
    </form>
  );
}
