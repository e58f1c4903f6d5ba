import { useId } from 'react';
import { useForm } from 'react-hook-form';
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
import { Button } from '../../../ui/button';
import { AddressDetailsField } from '../booking/address-details-field';
import { QuantityField } from '../booking/quantity-and-when';
import { windowHoursText } from './schedule-rules';

export const CREATE_FAILED = 'Could not save the recurring pickup. Please check your connection and try again.';
const PLACE_LABELS = { home: 'Home', work: 'Work' } as const;

const placeName = (place: SavedPlace) =>
  place.label ? `${PLACE_LABELS[place.label]}: ${place.address}` : place.address;

interface ScheduleFormValues {
  service: string;
  quantityInput: string;
  placeIndex: number;
  /** Typed details; null keeps the chosen place's own. */
  addressDetails: string | null;
  weekdays: Weekday[];
  everyWeeks: EveryWeeks;
  windowStartHour: number;
}

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
  // The form's state in react-hook-form; the one problem shows under the form on submit and goes on the next edit of the days.
  const form = useForm<ScheduleFormValues>({
    defaultValues: {
      service: services[0] ?? '',
      quantityInput: '1',
      placeIndex: 0,
      addressDetails: null,
      weekdays: [],
      everyWeeks: 1,
      windowStartHour: WINDOW_START_HOURS[1],
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = form.watch();
  const place = placeList[values.placeIndex] ?? null;
  const details = values.addressDetails ?? place?.addressDetails ?? '';
  const price = prices ? priceFor(prices, values.service) : null;
  const rule = price ? serviceQuantityRule(price) : null;
  const quantity = rule ? Number(values.quantityInput) : 1;
  // The form's one problem (a rule or the refused save) is a root error: the next submit clears it.
  const error = form.formState.errors.root?.message;

  const saving = useCreateSchedule({
    onSuccess: onDone,
    onError: async (failure) =>
      form.setError('root', { message: failureMessage(await readCallFailure(failure), CREATE_FAILED) }),
  });

  const send = () => {
    const problem = !place
      ? 'Choose a place for the pickup'
      : values.weekdays.length === 0
        ? 'Choose at least one day'
        : price && ruleProblem(rule, quantity);
    if (problem) {
      form.setError('root', { message: problem });
      return;
    }
    if (place)
      saving.mutate({
        type: values.service,
        quantity,
        address: place.address,
        addressDetails: details,
        location: place.location,
        weekdays: [...values.weekdays].sort((a, b) => a - b),
        windowStartHour: values.windowStartHour,
        everyWeeks: values.everyWeeks,
      });
  };

  const toggleDay = (day: Weekday) => {
    form.clearErrors();
    const current = form.getValues('weekdays');
    form.setValue('weekdays', current.includes(day) ? current.filter((each) => each !== day) : [...current, day]);
  };

  return (
    <form className="schedule-form" onSubmit={form.handleSubmit(send)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>New recurring pickup</h2>
      <p className="muted">Covered by your {planName} plan while it has pickups left this month.</p>
      <div>
        <label htmlFor={`${id}-service`} className="schedule-form-label">
          Service
        </label>
        <select id={`${id}-service`} {...form.register('service')}>
          {services.map((key) => (
            <option key={key} value={key}>
              {serviceDisplayName(key)}
            </option>
          ))}
        </select>
      </div>
      {price ? (
        <QuantityField
          service={price}
          value={values.quantityInput}
          onChange={(typed) => form.setValue('quantityInput', typed)}
        />
      ) : null}
      {placeList.length > 0 ? (
        <>
          <div>
            <label htmlFor={`${id}-place`} className="schedule-form-label">
              Place
            </label>
            <select
              id={`${id}-place`}
              {...form.register('placeIndex', {
                valueAsNumber: true,
                onChange: () => form.setValue('addressDetails', null),
              })}
            >
              {placeList.map((each, index) => (
                <option key={`${each.label ?? 'recent'}:${each.address}`} value={index}>
                  {placeName(each)}
                </option>
              ))}
            </select>
          </div>
          <AddressDetailsField value={details} onChange={(typed) => form.setValue('addressDetails', typed)} />
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
              checked={values.everyWeeks === each}
              onChange={() => form.setValue('everyWeeks', each)}
            />
            {everyWeeksText(each)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Days</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="schedule-choice">
            <input type="checkbox" checked={values.weekdays.includes(day)} onChange={() => toggleDay(day)} />
            {WEEKDAY_NAMES[day]}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${id}-window`} className="schedule-form-label">
          Pickup window
        </label>
        <select id={`${id}-window`} {...form.register('windowStartHour', { valueAsNumber: true })}>
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
        <Button type="submit" disabled={!isOnline || !place} busy={saving.isPending} busyText="Saving...">
          Save recurring pickup
        </Button>
        <Button className="button button-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
