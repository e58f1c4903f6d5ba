/** POST /client/subscribe: a plan bought with a verified payment reference. */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { NOT_AN_OBJECT, id, text } from './fields';
import { paymentReference } from './payment';

/** Any missing, odd or unknown plan gets the client's own message. */
const SELECT_A_PLAN = 'Please select a plan';

export const subscribeSchema = z.object(
  {
    plan: text('plan', {
      max: MAX_LENGTH.label,
      required: SELECT_A_PLAN,
      wrongType: SELECT_A_PLAN,
      tooLong: SELECT_A_PLAN,
      badCharacters: SELECT_A_PLAN,
    })
      // Which plans exist is the server's (table `plans`): an unknown one gets the same message there.
      .trim()
      .refine((plan) => /^[A-Za-z0-9][A-Za-z0-9-]*$/.test(plan), { error: SELECT_A_PLAN }),
    userId: id('userId'),
    reference: paymentReference(),
  },
  { error: NOT_AN_OBJECT },
);
