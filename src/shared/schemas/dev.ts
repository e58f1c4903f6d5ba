/** The dev-only calls: the local test checkout's payment record and its settling, and the dev mailbox query. */
import { z } from 'zod';
import { MAX_LENGTH } from '../limits';
import { isEmailAddress } from '../validation/email';
import { NOT_AN_OBJECT, number, text } from './fields';
import { paymentReference } from './payment';

const email = () =>
  text('email', { max: MAX_LENGTH.email })
    .trim()
    .toLowerCase()
    .refine(isEmailAddress, { error: 'email must be an e-mail address' });

export const testPaymentSchema = z.object(
  {
    reference: paymentReference(),
    amount: number('amount', 'a whole number of kobo')
      .int({ error: 'amount must be a whole number of kobo' })
      .positive({ error: 'amount must be positive' }),
    email: email(),
    // 'pending': a bank transfer Paystack has not confirmed yet; settled by POST /dev/payments/settle.
    status: z.enum(['success', 'pending'], { error: "status must be 'success' or 'pending'" }).default('success'),
    // How it was paid (absent: a transfer when pending, else a card), as Paystack's channel names it.
    channel: z
      .enum(['card', 'bank_transfer', 'ussd'], { error: "channel must be 'card', 'bank_transfer' or 'ussd'" })
      .optional(),
  },
  { error: NOT_AN_OBJECT },
);

export const settleTestPaymentSchema = z.object({ reference: paymentReference() }, { error: NOT_AN_OBJECT });

export const mailboxQuerySchema = z.object({ email: email() });
