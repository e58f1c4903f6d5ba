import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Schedule, ScheduleRun, Task } from '../../../shared/contract';
import { windowText } from '../../../shared/pickup-windows';
import { taskServiceName } from '../../../shared/service-names';
import { nairaToKobo } from '../../../shared/money';
import { notCoveredText } from '../../../shared/schedules';
import { planStatusQuery } from '../../../lib/api/plan';
import { schedulesQuery } from '../../../lib/api/schedules';
import { useOnline } from '../../../lib/use-online';
import { formatNaira } from '../../../lib/format';
import { nextPickup, uncoveredPickups } from './schedule-rules';
import { useScheduleChange } from './use-schedule-change';
import './schedules.css';

const NO_TASKS: readonly Task[] = [];

/**
 * Home's part of recurring pickups: the dates the plan did not cover (pay to keep, or skip),
 * 'Next pickup' with Skip, or an invitation to set one when the plan has none. From the cached
 * list and the device's clock, so it reads the same offline; changes need a connection.
 */
export function HomePickups({
  tasks = NO_TASKS,
  onPay,
}: {
  tasks?: readonly Task[];
  /** 'Pay ₦1,500': the booking screen with the date's service, place, quantity and window. */
  onPay: (schedule: Schedule, run: ScheduleRun) => void;
}) {
  const schedules = useQuery(schedulesQuery()).data?.data;
  const plan = useQuery(planStatusQuery()).data?.data;
  const isOnline = useOnline();
  const { change, isRunning, isBusy, error } = useScheduleChange();
  const [now] = useState(() => new Date());
  if (!schedules) return null;
  if (schedules.length === 0) {
    if (!plan) return null;
    return (
      <p className="home-pickups-invite">
        <Link to="/client/schedules">Set a recurring pickup</Link> your plan covers, on the days you choose.
      </p>
    );
  }
  const next = nextPickup(schedules, now);
  const uncovered = uncoveredPickups(schedules, tasks, now);
  return (
    <section className="home-pickups" aria-label="Recurring pickups">
      {uncovered.map(({ schedule, run }) => {
        const skip = { action: 'skip', scheduleId: schedule._id, date: run.date } as const;
        return (
          <div key={`${schedule._id}:${run.date}`} className="home-pickups-card home-pickups-uncovered">
            <p>{notCoveredText(run.date, nairaToKobo(schedule.price))}</p>
            <p className="muted">
              {taskServiceName(schedule)}, {windowText(run.window)}
            </p>
            <div className="home-pickups-actions">
              <button type="button" className="button button-small" onClick={() => onPay(schedule, run)}>
                Pay {formatNaira(schedule.price)}
              </button>
              <button
                type="button"
                className="button button-small button-secondary"
                disabled={!isOnline || isBusy}
                onClick={() => change(skip)}
              >
                {isRunning(skip) ? 'Skipping...' : 'Skip'}
              </button>
            </div>
          </div>
        );
      })}
      {next ? (
        <div className="home-pickups-card">
          <p className="home-pickups-next">
            <strong>Next pickup: {windowText(next.window)}</strong>
          </p>
          <p className="muted">
            {taskServiceName(next.schedule)}, {next.schedule.address}
          </p>
          <div className="home-pickups-actions">
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={!isOnline || isBusy}
              onClick={() => change({ action: 'skip', scheduleId: next.schedule._id, date: next.date })}
              aria-label={`Skip the pickup of ${windowText(next.window)}`}
            >
              {isRunning({ action: 'skip', scheduleId: next.schedule._id, date: next.date }) ? 'Skipping...' : 'Skip'}
            </button>
            <Link to="/client/schedules" className="home-pickups-manage">
              Recurring pickups
            </Link>
          </div>
        </div>
      ) : (
        <p className="home-pickups-invite">
          No pickup coming. <Link to="/client/schedules">Recurring pickups</Link>
        </p>
      )}
      {!isOnline ? <p className="muted">Skipping a pickup needs a connection.</p> : null}
      {error ? (
        <p className="booking-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
