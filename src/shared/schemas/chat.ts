/** Request schemas of the chat calls: a page of a thread (newer than `since`, or older than the `before` cursor) and a send. */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { NOT_AN_OBJECT, id, isoDateTime, text } from './fields';

export const getMessagesSchema = z.object(
  {
    taskId: id('taskId'),
    since: isoDateTime('since').optional(),
    before: text('before', { max: MAX_LENGTH.id }).trim().min(1, { error: 'before cannot be empty' }).optional(),
  },
  { error: NOT_AN_OBJECT },
);

export const sendMessageSchema = z.object(
  {
    taskId: id('taskId'),
    sender: z.enum(['user', 'driver'], { error: "sender must be 'user'" }),
    content: text('content', { max: MAX_LENGTH.chat, multiline: true, label: 'Message', stripFormat: true })
      .trim()
      .min(1, { error: 'Message cannot be empty' }),
    clientId: text('clientId', { max: MAX_LENGTH.id }).trim().min(1, { error: 'clientId cannot be empty' }).nullish(),
  },
  { error: NOT_AN_OBJECT },
);
