/**
 * Earnings and history (/earnings, docs/driver.md): today, this week and this month, the weekly
 * statement, then the completed and cancelled tasks with what each earned, older ones a page at
 * a time. Every page read is kept on the phone (./kept.ts): offline it shows with its age.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { driverKeys, getHistory } from '../lib/api/driver';
import { formatNaira } from '../lib/format';
import { formatLagosDate } from '../shared/display-format';
import type { DriverHistoryPage, DriverHistoryTask, HistoryTotal } from '../shared/driver-contract';
import { quantityText } from '../shared/driver-rules';
import { keptRead } from './kept';
import { ScreenAge } from './screen-age';

const pagePath = (before: string | null) => (before ? `driver/history?before=${before}` : 'driver/history');

function useHistoryPage(before: string | null) {
  return useQuery({
    queryKey: driverKeys.history(before),
    queryFn: () => keptRead(pagePath(before), () => getHistory(before)),
  });
}

const tasksWord = (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'}`;

function Total({ id, title, total }: { id: string; title: string; total: HistoryTotal }) {
  return (
    <section aria-labelledby={`earnings-${id}-title`}>
      <h2 id={`earnings-${id}-title`}>{title}</h2>
      <p className="driver-earnings-amount" data-testid={`earnings-${id}`}>
        {formatNaira(total.total)}
      </p>
      <p>{tasksWord(total.tasks)}</p>
    </section>
  );
}

export function EarningsScreen() {
  const first = useHistoryPage(null);
  const [older, setOlder] = useState<string[]>([]);
  const page = first.data?.data;
  return (
    <main className="driver-main">
      <h1>Earnings</h1>
      <ScreenAge kept={first.data} />
      {first.isError && !page ? (
        <p role="alert" className="driver-error">
          Earnings could not be loaded. They show here once the network is back.
        </p>
      ) : null}
      {page?.summary ? <Summary summary={page.summary} /> : null}
      {page ? (
        <section aria-labelledby="history-title">
          <h2 id="history-title">Past tasks</h2>
          {page.tasks.length === 0 ? <p className="driver-empty">No completed or cancelled task yet.</p> : null}
          <HistoryList tasks={page.tasks} />
          {older.map((cursor) => (
            <OlderPage key={cursor} before={cursor} />
          ))}
          <MoreButton
            cursor={older.length === 0 ? page.olderCursor : null}
            lastOlder={older.at(-1) ?? null}
            onMore={(cursor) => setOlder((pages) => [...pages, cursor])}
          />
        </section>
      ) : null}
    </main>
  );
}

function Summary({ summary }: { summary: NonNullable<DriverHistoryPage['summary']> }) {
  return (
    <>
      <div className="driver-earnings">
        <Total id="today" title="Today" total={summary.today} />
        <Total id="week" title="This week" total={summary.week} />
        <Total id="month" title="This month" total={summary.month} />
      </div>
      <section aria-labelledby="statement-title">
        <h2 id="statement-title">Weekly statement</h2>
        <table className="driver-statement">
          <thead>
            <tr>
              <th scope="col">Week from</th>
              <th scope="col">Tasks</th>
              <th scope="col">Share</th>
              <th scope="col">Fees</th>
              <th scope="col">Extras</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {summary.weeks.map((week) => (
              <tr key={week.start}>
                <th scope="row">{formatLagosDate(Date.parse(week.start))}</th>
                <td>{week.tasks}</td>
                <td>{formatNaira(week.share)}</td>
                <td>{formatNaira(week.fee)}</td>
                <td>{formatNaira(week.extra)}</td>
                <td>{formatNaira(week.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function HistoryList({ tasks }: { tasks: DriverHistoryTask[] }) {
  return (
    <ul className="driver-list" aria-label="Past tasks">
      {tasks.map((task) => (
        <li key={task.taskId} className="driver-card" data-testid="history-task">
          <strong>
            {task.service.name}: {formatNaira(task.earnings.total)}
          </strong>
          <span>{task.address}</span>
          <span className="driver-card-meta">
            {task.status === 'completed' ? `Completed, ${quantityText(task.quantity, task.unit)}` : 'Cancelled'} ·{' '}
            {formatLagosDate(Date.parse(task.endedAt))}
            {task.earnings.fee > 0 ? ` · fee ${formatNaira(task.earnings.fee)}` : ''}
            {task.earnings.extra > 0 ? ` · extra ${formatNaira(task.earnings.extra)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** An older page; its own 'Show older tasks' comes after the last one shown. */
function OlderPage({ before }: { before: string }) {
  const page = useHistoryPage(before);
  if (page.isError) return <p className="driver-error">Older tasks could not be loaded.</p>;
  return page.data ? <HistoryList tasks={page.data.data.tasks} /> : <p>Loading…</p>;
}

function MoreButton({
  cursor,
  lastOlder,
  onMore,
}: {
  cursor: string | null;
  lastOlder: string | null;
  onMore: (cursor: string) => void;
}) {
  const last = useHistoryPage(lastOlder);
  const next = lastOlder ? (last.data?.data.olderCursor ?? null) : cursor;
  if (!next) return null;
  return (
    <button type="button" className="driver-button driver-button-quiet" onClick={() => onMore(next)}>
      Show older tasks
    </button>
  );
}
