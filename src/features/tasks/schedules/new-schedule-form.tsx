import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PlanStatus, SavedPlace } from '../../../shared/contract';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';
import { WINDOW_START_HOURS } from '../../../shared/pickup-windows';
import { priceFor } from '../../../shared/pricing';
import { ruleProblem, serviceQuantityRule } from '../../../shared/quantity';
import {
  EVERY_WEEKS,
  type EveryWeeks,
  everyWeeksText,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type Weekday,
} from '../../../shared/schedules';
import { serviceDisplayName } from '../../../shared/service-names';
import { placesQuery } from '../../../lib/api/places';
import { priceTableQuery } from '../../../lib/api/pricing';
import { useCreateSchedule } from '../../../lib/api/schedules';
import { AddressDetailsField } from '../booking/address-details-field';
import { QuantityField } from '../booking/quantity-and-when';
import { windowHoursText } from './schedule-rules';

export const CREATE_FAILED = 'Could not save the recurring pickup. Please check your connection and try again.';
const PLACE_LABELS = { home: 'Home', work: 'Work' } as const;

const placeName = (place: SavedPlace) =>
  place.label ? `${PLACE_LABELS[place.label]}: ${place.address}` : place.address;

/**
 * A new recurring pickup: one of the services the plan includes, a saved place (Home, Work or a
 * recent address) with its details, how much, every week or every 2 weeks, the weekdays and the
 * 2-hour window.
 */
export function NewScheduleForm({
  plan,
  planName,
  isOnline,
  onDone,
}: {
  plan: PlanStatus;
  planName: string;
  isOnline: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const places = useQuery(placesQuery()).data?.data;
  const prices = useQuery(priceTableQuery()).data?.data ?? null;
  const placeList = places ? [...places.saved, ...places.recent] : [];
  const services = plan.allowance.map((item) => item.service);
  const [service, setService] = useState(services[0] ?? '');
  const [quantityInput, setQuantityInput] = useState('1');
  const [placeIndex, setPlaceIndex] = useState(0);
  const [addressDetails, setAddressDetails] = useState<string | null>(null);
  const [weekdays, setWeekdays] = useState<Weekday[]>([]);
  const [everyWeeks, setEveryWeeks] = useState<EveryWeeks>(1);
  const [windowStartHour, setWindowStartHour] = useState<number>(WINDOW_START_HOURS[1]);
  const [error, setError] = useState<string | null>(null);
  const place = placeList[placeIndex] ?? null;
  const details = addressDetails ?? place?.addressDetails ?? '';
  const price = prices ? priceFor(prices, service) : null;
  const rule = price ? serviceQuantityRule(price) : null;
  const quantity = rule ? Number(quantityInput) : 1;

  const saving = useCreateSchedule({
    onSuccess: onDone,
    onError: async (failure) => setError(failureMessage(await readCallFailure(failure), CREATE_FAILED)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = !place
      ? 'Choose a place for the pickup'
      : weekdays.length === 0
        ? 'Choose at least one day'
        : price && ruleProblem(rule, quantity);
    setError(problem || null);
    if (!problem && place)
      saving.mutate({
        type: service,
        quantity,
        address: place.address,
        addressDetails: details,
        location: place.location,
        weekdays: [...weekdays].sort((a, b) => a - b),
        windowStartHour,
        everyWeeks,
      });
  };

  const toggleDay = (day: Weekday) => {
    setError(null);
    setWeekdays((current) => (current.includes(day) ? current.filter((each) => each !== day) : [...current, day]));
  };

  return (
    <form className="schedule-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>New recurring pickup</h2>
      <p className="muted">Covered by your {planName} plan while it has pickups left this month.</p>
      <div>
        <label htmlFor={`${id}-service`} className="schedule-form-label">
          Service
        </label>
        <select id={`${id}-service`} value={service} onChange={(event) => setService(event.target.value)}>
          {services.map((key) => (
            <option key={key} value={key}>
              {serviceDisplayName(key)}
            </option>
          ))}
        </select>
      </div>
      {price ? <QuantityField service={price} value={quantityInput} onChange={setQuantityInput} /> : null}
      {placeList.length > 0 ? (
        <>
          <div>
            <label htmlFor={`${id}-place`} className="schedule-form-label">
              Place
            </label>
            <select
              id={`${id}-place`}
              value={placeIndex}
              onChange={(event) => {
                setPlaceIndex(Number(event.target.value));
                setAddressDetails(null);
              }}
            >
              {placeList.map((each, index) => (
                <option key={`${each.label ?? 'recent'}:${each.address}`} value={index}>
                  {placeName(each)}
                </option>
              ))}
            </select>
          </div>
          <AddressDetailsField value={details} onChange={setAddressDetails} />
        </>
      ) : (
        <p>
          Save a place first: choose an address when you <Link to="/client/create">book a pickup</Link>, then 'Save as
          Home'.
        </p>
      )}
      <fieldset>
        <legend>How often</legend>
        {EVERY_WEEKS.map((each) => (
          <label key={each} className="schedule-choice">
            <input
              type="radio"
              name={`${id}-every`}
              checked={everyWeeks === each}
              onChange={() => setEveryWeeks(each)}
            />
            {everyWeeksText(each)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Days</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="schedule-choice">
            <input type="checkbox" checked={weekdays.includes(day)} onChange={() => toggleDay(day)} />
            {WEEKDAY_NAMES[day]}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${id}-window`} className="schedule-form-label">
          Pickup window
        </label>
        <select
          id={`${id}-window`}
          value={windowStartHour}
          onChange={(event) => setWindowStartHour(Number(event.target.value))}
        >
          {WINDOW_START_HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {windowHoursText(hour)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="booking-error" role="alert">
          {error}
        </p>
      ) : null}
      {!isOnline ? <p className="muted">Setting a recurring pickup needs a connection.</p> : null}
      <div className="home-pickups-actions">
        <button type="submit" className="button" disabled={!isOnline || saving.isPending || !place}>
          {saving.isPending ? 'Saving...' : 'Save recurring pickup'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
