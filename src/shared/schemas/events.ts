/** Request schemas of the bell: the caller's recent task events, and marking them read. */
import { z } from 'zod';
import { TASK_EVENTS_MAX } from '../limits';
import { NOT_AN_OBJECT, isoDateTime, number } from './fields';

const LIMIT_RULE = `limit must be a whole number from 1 to ${TASK_EVENTS_MAX}`;

export const taskEventsSchema = z.object(
  {
    // How many of the newest events (default TASK_EVENTS_DEFAULT).
    limit: number('limit', `a whole number from 1 to ${TASK_EVENTS_MAX}`)
      .int({ error: LIMIT_RULE })
      .min(1, { error: LIMIT_RULE })
      .max(TASK_EVENTS_MAX, { error: LIMIT_RULE })
      .optional(),
  },
  { error: NOT_AN_OBJECT },
);

export const taskEventsReadSchema = z.object(
  {
    // The time of the newest event the client has shown: it and everything older are read.
    upTo: isoDateTime('upTo'),
  },
  { error: NOT_AN_OBJECT },
);
