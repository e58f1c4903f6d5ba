/** Request schemas of recurring pickups: create one, pause/resume/delete it, skip a date. */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { isEveryWeeks, isWindowStartHour } from '../schedules';
import { NOT_AN_OBJECT, id, isoDateTime, number, text } from './fields';
import { addressDetailsField, addressField, geoPointSchema } from './tasks';

const WEEKDAYS_ERROR = 'weekdays must be a list of 1 to 7 different days, 1 (Monday) to 7 (Sunday)';

export const createScheduleSchema = z.object(
  {
    type: text('type', { max: MAX_LENGTH.label }).trim().min(1, { error: 'type is required' }),
    /** In the service's unit (absent: 1); the server checks it against the unit's range. */
    quantity: number('quantity', 'a number').optional(),
    address: addressField(),
    addressDetails: addressDetailsField(),
    location: geoPointSchema,
    weekdays: z
      .array(
        z
          .number({ error: WEEKDAYS_ERROR })
          .int({ error: WEEKDAYS_ERROR })
          .min(1, { error: WEEKDAYS_ERROR })
          .max(7, { error: WEEKDAYS_ERROR }),
        {
          error: WEEKDAYS_ERROR,
        },
      )
      .min(1, { error: WEEKDAYS_ERROR })
      .max(7, { error: WEEKDAYS_ERROR })
      .refine((days) => new Set(days).size === days.length, { error: WEEKDAYS_ERROR }),
    windowStartHour: z
      .number({ error: 'windowStartHour must be 8, 10, 12, 14 or 16' })
      .refine(isWindowStartHour, { error: 'windowStartHour must be 8, 10, 12, 14 or 16' }),
    /** 1: every week (absent too); 2: every 2 weeks from the first date. */
    everyWeeks: z
      .number({ error: 'everyWeeks must be 1 or 2' })
      .refine(isEveryWeeks, { error: 'everyWeeks must be 1 or 2' })
      .optional(),
  },
  { error: NOT_AN_OBJECT },
);

export const scheduleActionSchema = z.object({ scheduleId: id('scheduleId') }, { error: NOT_AN_OBJECT });

const scheduleDate = () =>
  text('date', { max: 10 }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be a day like 2026-11-28' });

export const skipScheduleSchema = z.object(
  {
    scheduleId: id('scheduleId'),
    date: scheduleDate(),
    unskip: z.boolean({ error: 'unskip must be true or false' }).optional(),
  },
  { error: NOT_AN_OBJECT },
);

/** One date (its own Lagos day) to another 2-hour window; the server accepts only an offered one. */
export const moveScheduleDateSchema = z.object(
  {
    scheduleId: id('scheduleId'),
    date: scheduleDate(),
    window: z.object(
      { start: isoDateTime('window.start'), end: isoDateTime('window.end') },
      { error: 'window must be an object with start and end' },
    ),
  },
  { error: NOT_AN_OBJECT },
);

export const schedulesSchema = z.object({}, { error: NOT_AN_OBJECT });
