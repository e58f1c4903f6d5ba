import { useId, useMemo, useState } from 'react';
import type { ScheduledWindow } from '../../../shared/contract';
import { offeredDays, windowText } from '../../../shared/pickup-windows';
import { type CatalogQuantity, ruleProblem, serviceQuantityRule } from '../../../shared/quantity';
import './quantity-and-when.css';

/** 'How many kg?' (the service's quantity rule in the catalog); nothing for a service booked one at a time. */
export function QuantityField({
  service,
  value,
  onChange,
}: {
  service: CatalogQuantity;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const rule = serviceQuantityRule(service);
  if (!rule) return null;
  const problem = ruleProblem(rule, Number(value));
  return (
    <div className="booking-field">
      <label htmlFor={id} className="booking-label">
        {rule.label}
      </label>
      <input
        id={id}
        className="booking-quantity"
        type="number"
        inputMode="decimal"
        min={rule.min}
        max={rule.max}
        step={rule.step}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem ? (
        <p id={`${id}-error`} className="booking-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'When?': as soon as possible (the default) or a day and a 2-hour window, offered from the
 * device's clock (so it works offline); `now` is read when the field first shows.
 */
export function WhenField({
  value,
  onChange,
}: {
  value: ScheduledWindow | null;
  onChange: (value: ScheduledWindow | null) => void;
}) {
  const id = useId();
  const [now] = useState(() => new Date());
  const days = useMemo(() => offeredDays(now), [now]);
  // A window given from the start (a recurring pickup paid for) opens on its day.
  const [day, setDay] = useState(
    () =>
      days.find((candidate) => candidate.windows.some((window) => window.start === value?.start))?.day ??
      days[0]?.day ??
      '',
  );
  const windows = days.find((candidate) => candidate.day === day)?.windows ?? [];
  const pickDay = (next: string) => {
    setDay(next);
    onChange(days.find((candidate) => candidate.day === next)?.windows[0] ?? null);
  };
  return (
    <fieldset className="booking-field booking-when">
      <legend className="booking-label">When?</legend>
      <div className="booking-when-options">
        <label className="booking-choice">
          <input type="radio" name={`${id}-when`} checked={value === null} onChange={() => onChange(null)} />
          As soon as possible
        </label>
        <label className="booking-choice">
          <input
            type="radio"
            name={`${id}-when`}
            checked={value !== null}
            onChange={() => onChange(windows[0] ?? days[0]?.windows[0] ?? null)}
          />
          Choose a time
        </label>
      </div>
      {value ? (
        <div className="booking-when-pickers">
          <div className="booking-when-picker">
            <label htmlFor={`${id}-day`} className="booking-sublabel">
              Pickup day
            </label>
            <select id={`${id}-day`} value={day} onChange={(event) => pickDay(event.target.value)}>
              {days.map((candidate) => (
                <option key={candidate.day} value={candidate.day}>
                  {candidate.day}
                </option>
              ))}
            </select>
          </div>
          <div className="booking-when-picker">
            <label htmlFor={`${id}-window`} className="booking-sublabel">
              Pickup window
            </label>
            <select
              id={`${id}-window`}
              value={value.start}
              onChange={(event) => onChange(windows.find((window) => window.start === event.target.value) ?? null)}
            >
              {windows.map((window) => (
                <option key={window.start} value={window.start}>
                  {windowText(window).split(', ')[1]}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
