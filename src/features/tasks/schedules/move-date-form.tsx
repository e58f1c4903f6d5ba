import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { offeredDays, type PickupWindow, windowText } from '../../../shared/pickup-windows';
import type { PlannedDate } from '../../../shared/schedules';

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
  const [day, setDay] = useState(() => dayOf(planned.window.start) ?? days[0]?.day ?? '');
  const windows = days.find((each) => each.day === day)?.windows ?? [];
  const [start, setStart] = useState(planned.window.start);
  const chosen = windows.find((window) => window.start === start) ?? windows[0];
  const isSame = chosen?.start === planned.window.start;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen && !isSame) onMove(chosen);
  };

  return (
    <form ref={form} className="schedule-move" aria-label="Move this date" onSubmit={submit}>
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
              setDay(event.target.value);
              setStart(days.find((each) => each.day === event.target.value)?.windows[0]?.start ?? '');
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
          <select id={`${id}-window`} value={chosen?.start ?? ''} onChange={(event) => setStart(event.target.value)}>
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
