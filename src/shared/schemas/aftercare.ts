/** Request schemas of the after-payment calls: cancel, rate, report a problem. */
import { z } from 'zod';
import type { CancelReason, SupportCategory } from '../contract';
import { MAX_LENGTH } from '../limits';
import { CANCEL_REASONS, SUPPORT_CATEGORIES } from '../task-progress';
import { NOT_AN_OBJECT, id, isoDateTime, text } from './fields';
import { paymentReference } from './payment';

const oneOf = <T extends string>(field: string, values: readonly T[]) =>
  z.enum(values as unknown as [T, ...T[]], {
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be one of ${values.join(', ')}`,
  });

export const cancelTaskSchema = z.object(
  {
    taskId: id('taskId'),
    reason: oneOf<CancelReason>(
      'reason',
      CANCEL_REASONS.map((reason) => reason.value),
    ),
    note: text('note', { max: MAX_LENGTH.cancelNote, multiline: true, label: 'Note' }).trim().optional(),
  },
  { error: NOT_AN_OBJECT },
);

export const rateTaskSchema = z.object(
  {
    taskId: id('taskId'),
    stars: z
      .number({ error: 'stars must be a whole number from 1 to 5' })
      .int({ error: 'stars must be a whole number from 1 to 5' })
      .min(1, { error: 'stars must be a whole number from 1 to 5' })
      .max(5, { error: 'stars must be a whole number from 1 to 5' }),
    comment: text('comment', { max: MAX_LENGTH.ratingComment, multiline: true, label: 'Comment' }).trim().optional(),
  },
  { error: NOT_AN_OBJECT },
);

export const supportRequestSchema = z.object(
  {
    taskId: id('taskId'),
    category: oneOf<SupportCategory>(
      'category',
      SUPPORT_CATEGORIES.map((category) => category.value),
    ),
    text: text('text', { max: MAX_LENGTH.supportText, multiline: true, label: 'Your message' })
      .trim()
      .min(1, { error: 'Please describe the problem' }),
  },
  { error: NOT_AN_OBJECT },
);

/** The extra the driver's weight asks for, paid with a charge of exactly its amount. */
export const payExtraSchema = z.object(
  { taskId: id('taskId'), reference: paymentReference() },
  { error: NOT_AN_OBJECT },
);

/** One of the caller's tasks (the receipt). */
export const taskIdSchema = z.object({ taskId: id('taskId') }, { error: NOT_AN_OBJECT });

/** 'Choose another time' for a task no driver took: one of the offered 2-hour windows. */
export const rescheduleTaskSchema = z.object(
  {
    taskId: id('taskId'),
    window: z.object(
      { start: isoDateTime('window.start'), end: isoDateTime('window.end') },
      { error: 'window must be an object with start and end' },
    ),
  },
  { error: NOT_AN_OBJECT },
);
