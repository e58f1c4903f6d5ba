import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { offeredDays, type PickupWindow, windowText } from '../../../shared/pickup-windows';
import type { PlannedDate } from '../../../shared/schedules';

interface MoveValues {
  day: string;
  /** The chosen window's start; the day's first window when it is not one of the day's. */
  start: string;
}

/**
 * 'Move this date': one coming date of a recurring pickup to another day and/or 2-hour window
 * of those the booking offers; the date's own window puts it back. The other dates stay.
 */
export function MoveDateForm({
  planned,
  now,
  disabled,
  isSaving,
  onMove,
  onCancel,
}: {
  planned: PlannedDate;
  now: Date;
  disabled: boolean;
  isSaving: boolean;
  onMove: (window: PickupWindow) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // Opened under its date, the form may start below the fold (or under the tab bar): brought into view whole.
  // In braces: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.
  useEffect(() => {
    form.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const days = useMemo(() => offeredDays(now), [now]);
  const dayOf = (start: string) => days.find((each) => each.windows.some((window) => window.start === start))?.day;
  // The day and the window in react-hook-form; nothing to check but that the choice is another window.
  const moving = useForm<MoveValues>({
    defaultValues: { day: dayOf(planned.window.start) ?? days[0]?.day ?? '', start: planned.window.start },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { day, start } = moving.watch();
  const windows = days.find((each) => each.day === day)?.windows ?? [];
  const chosen = windows.find((window) => window.start === start) ?? windows[0];
  const isSame = chosen?.start === planned.window.start;

  const submit = moving.handleSubmit(() => {
    if (chosen && !isSame) onMove(chosen);
  });

  return (
    <form ref={form} className="schedule-move" aria-label="Move this date" onSubmit={(event) => void submit(event)}>
      <p>
        <strong>
          Move this date: <span className="schedule-when">{windowText(planned.window)}</span>
        </strong>
      </p>
      <p className="muted">Choose its new day and window. Your other dates stay as they are.</p>
      <div className="schedule-move-pickers">
        <div>
          <label htmlFor={`${id}-day`} className="schedule-form-label">
            New day
          </label>
          <select
            id={`${id}-day`}
            value={day}
            onChange={(event) => {
              moving.setValue('day', event.target.value);
              moving.setValue('start', days.find((each) => each.day === event.target.value)?.windows[0]?.start ?? '');
            }}
          >
            {days.map((each) => (
              <option key={each.day} value={each.day}>
                {each.day}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-window`} className="schedule-form-label">
            New window
          </label>
          <select
            id={`${id}-window`}
            value={chosen?.start ?? ''}
            onChange={(event) => moving.setValue('start', event.target.value)}
          >
            {windows.map((window) => (
              <option key={window.start} value={window.start}>
                {windowText(window).split(', ')[1]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="home-pickups-actions">
        <button type="submit" className="button button-small" disabled={disabled || !chosen || isSame}>
          {isSaving ? 'Moving...' : 'Move'}
        </button>
        {planned.movedFrom ? (
          <button
            type="button"
            className="button button-small button-secondary"
            disabled={disabled}
            onClick={() => planned.movedFrom && onMove(planned.movedFrom)}
          >
            Back to {windowText(planned.movedFrom)}
          </button>
        ) : null}
        <button type="button" className="button button-small button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
