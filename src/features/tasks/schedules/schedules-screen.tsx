import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Schedule } from '../../../shared/contract';
import { windowText } from '../../../shared/pickup-windows';
import { taskServiceName } from '../../../shared/service-names';
import { planNameOf } from '../../../shared/plans';
import { quantityText } from '../../../shared/quantity';
import { everyWeeksText, MAX_SCHEDULES, weekdaysText } from '../../../shared/schedules';
import { failureText } from '../../../lib/api/query-failure';
import { planStatusQuery } from '../../../lib/api/plan';
import { schedulesQuery } from '../../../lib/api/schedules';
import { useOnline } from '../../../lib/use-online';
import { LoadFailed } from '../../../ui/load-failed';
import { OfflineMarker } from '../../../ui/offline-marker';
import { MoveDateForm } from './move-date-form';
import { NewScheduleForm } from './new-schedule-form';
import { datesOf, windowHoursText } from './schedule-rules';
import { useScheduleChange } from './use-schedule-change';
import './schedules.css';

const SHOWN_DATES = 4;

/**
 * Recurring pickups (/client/schedules, docs/product.md): the client's schedules with their
 * coming dates (skip one or take the skip back, move one to another window), pause, resume,
 * delete, and a new one (every week or every 2 weeks). The list
 * is cached on the device, so it reads offline; changes need a connection.
 */
export function SchedulesScreen() {
  const query = useQuery(schedulesQuery());
  const planQuery = useQuery(planStatusQuery());
  const isOnline = useOnline();
  const [isAdding, setIsAdding] = useState(false);
  const schedules = query.data?.data;
  const plan = planQuery.data?.data;
  const planName = plan ? planNameOf(plan) : '';

  return (
    <section className="page schedules" aria-labelledby="schedules-heading">
      <h1 id="schedules-heading">Recurring pickups</h1>
      <p className="muted">
        The same pickup on the days you choose, covered by your plan. Each is booked 24 hours before its window.
      </p>
      <OfflineMarker cachedAt={query.data?.cachedAt} />
      {query.error ? (
        <LoadFailed
          className="schedules-error"
          message={failureText(query.error, {
            noToken: 'Please login to continue',
            failed: 'Failed to load your recurring pickups. Please check your connection.',
          })}
        />
      ) : !schedules ? (
        <p role="status">Loading recurring pickups...</p>
      ) : (
        <>
          {schedules.length === 0 ? <p>You have no recurring pickups yet.</p> : null}
          {schedules.map((schedule) => (
            <ScheduleCard key={schedule._id} schedule={schedule} isOnline={isOnline} />
          ))}
          {planQuery.isSuccess && !plan ? (
            <p>
              Recurring pickups come with a plan. <Link to="/client/subscribe">Choose a plan</Link>
            </p>
          ) : plan && schedules.length < MAX_SCHEDULES ? (
            isAdding ? (
              <NewScheduleForm plan={plan} planName={planName} isOnline={isOnline} onDone={() => setIsAdding(false)} />
            ) : (
              <button type="button" className="button" onClick={() => setIsAdding(true)}>
                New recurring pickup
              </button>
            )
          ) : null}
        </>
      )}
    </section>
  );
}

function ScheduleCard({ schedule, isOnline }: { schedule: Schedule; isOnline: boolean }) {
  const [moving, setMoving] = useState<string | null>(null);
  const { change, isRunning, isBusy, error } = useScheduleChange({
    onSuccess: (done) => (done.action === 'move' ? setMoving(null) : undefined),
  });
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [now] = useState(() => new Date());
  const reached = new Map(schedule.runs.map((run) => [run.date, run]));
  const dates = schedule.paused ? [] : datesOf(schedule, now).slice(0, SHOWN_DATES);
  const amount = quantityText(schedule.unit, schedule.quantity);
  const id = { scheduleId: schedule._id };
  const disabled = !isOnline || isBusy;
  const headingId = `schedule-${schedule._id}`;

  return (
    <article className="schedule-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {taskServiceName(schedule)}
        {amount ? `, ${amount}` : ''}
      </h2>
      <p>
        {everyWeeksText(schedule.everyWeeks)}: {weekdaysText(schedule.weekdays)},{' '}
        {windowHoursText(schedule.windowStartHour)}
      </p>
      <p className="schedule-address">
        {schedule.address}
        {schedule.addressDetails ? <span className="muted"> ({schedule.addressDetails})</span> : null}
      </p>
      {schedule.paused ? (
        <p className="schedule-paused">
          {schedule.paused === 'plan-ended' ? 'Paused: your plan ended. Renewing it resumes this pickup.' : 'Paused'}
        </p>
      ) : null}
      {dates.length > 0 ? (
        <ul className="schedule-dates" aria-label="Coming dates">
          {dates.map((planned) => {
            const { date, window, movedFrom } = planned;
            const run = reached.get(date);
            const isSkipped = schedule.skipped.includes(date);
            const skip = { ...id, action: isSkipped ? 'unskip' : 'skip', date } as const;
            return (
              <li key={date}>
                <span className={isSkipped ? 'schedule-date schedule-skipped' : 'schedule-date'}>
                  {windowText(window)}
                  {isSkipped ? <span className="sr-only"> (skipped)</span> : null}
                  {movedFrom ? (
                    <span className="schedule-moved">
                      Moved from <span className="schedule-when">{windowText(movedFrom)}</span>
                    </span>
                  ) : null}
                </span>
                {run?.outcome === 'created' && run.taskId ? (
                  <Link to="/client/tasks/$taskId" params={{ taskId: run.taskId }}>
                    Booked
                  </Link>
                ) : run?.outcome === 'not-covered' ? (
                  <span className="muted">Not covered by your plan</span>
                ) : (
                  <span className="schedule-date-actions">
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      disabled={disabled}
                      onClick={() => change(skip)}
                      aria-label={`${isSkipped ? 'Undo skip of' : 'Skip'} ${windowText(window)}`}
                    >
                      {isRunning(skip) ? 'Saving...' : isSkipped ? 'Undo skip' : 'Skip'}
                    </button>
                    {isSkipped ? null : (
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        disabled={disabled}
                        aria-expanded={moving === date}
                        onClick={() => setMoving(moving === date ? null : date)}
                        aria-label={`Move this date: ${windowText(window)}`}
                      >
                        Move
                      </button>
                    )}
                  </span>
                )}
                {moving === date && !run && !isSkipped ? (
                  <MoveDateForm
                    planned={planned}
                    now={now}
                    disabled={disabled}
                    isSaving={isRunning({ ...id, action: 'move', date, window })}
                    onMove={(to) => change({ ...id, action: 'move', date, window: to })}
                    onCancel={() => setMoving(null)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="home-pickups-actions">
        {schedule.paused === 'client' ? (
          <button
            type="button"
            className="button button-small"
            disabled={disabled}
            onClick={() => change({ ...id, action: 'resume' })}
          >
            {isRunning({ ...id, action: 'resume' }) ? 'Resuming...' : 'Resume'}
          </button>
        ) : schedule.paused === null ? (
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={disabled}
            onClick={() => change({ ...id, action: 'pause' })}
          >
            {isRunning({ ...id, action: 'pause' }) ? 'Pausing...' : 'Pause'}
          </button>
        ) : null}
        {isConfirmingDelete ? (
          <>
            <span>Delete this recurring pickup? Pickups already booked stay booked.</span>
            <button
              type="button"
              className="button button-small"
              disabled={disabled}
              onClick={() => change({ ...id, action: 'delete' })}
            >
              {isRunning({ ...id, action: 'delete' }) ? 'Deleting...' : 'Yes, delete'}
            </button>
            <button
              type="button"
              className="button button-small button-secondary"
              onClick={() => setIsConfirmingDelete(false)}
            >
              Keep it
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={disabled}
            onClick={() => setIsConfirmingDelete(true)}
          >
            Delete
          </button>
        )}
      </div>
      {!isOnline ? <p className="muted">Changes need a connection.</p> : null}
      {error ? (
        <p className="booking-error" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}
