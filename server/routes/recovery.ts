/**
 * Password recovery: forgot (mail a code), resetCode (verify it), resetPassword (set a new
 * password, which ends every session). Every response, failures included, is
 * `{ success, message }` (src/shared/contract.ts); the rules are in server/auth/recovery.ts.
 */
import { Hono, type Context } from 'hono';
import { INVALID_CODE, forgotSchema, resetCodeSchema, resetPasswordSchema } from '../../src/shared/schemas/auth';
import type { AppEnv } from '../context';
import { requestResetCode, resetPassword, verifyResetCode } from '../auth/recovery';
import { readBody } from '../http/body';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest, tooManyRequests } from '../http/errors';

const MAIL_NOT_SENT = 'We could not send the verification code right now. Please try again in a few minutes.';

/** Recovery calls answer `{ success, message }`, failures included. */
async function recoveryResponse(c: Context<AppEnv>, work: () => Promise<string>) {
  try {
    return c.json({ success: true, message: await work() });
  } catch (error) {
    if (error instanceof HttpError) return c.json({ success: false, message: error.message }, error.status);
    throw error;
  }
}

export const recoveryRoutes = new Hono<AppEnv>();

recoveryRoutes.post('/client/forgot', (c) =>
  recoveryResponse(c, async () => {
    const { deps } = c.var;
    const { email } = await readBody(c, forgotSchema, badRequest);
    const address = clientAddress(c);
    // Per (e-mail, address) as login does, so strangers elsewhere cannot use up the owner's codes;
    // the per-e-mail ceiling is far higher and only bounds the mail sent to one inbox.
    const allowed = await deps.limiter.takeAll([
      [`recovery:email-address:${email}|${address}`, deps.limits.recoveryPerEmailAndAddress],
      [`recovery:email:${email}`, deps.limits.recoveryPerEmail],
      [`recovery:address:${address}`, deps.limits.recoveryPerAddress],
    ]);
    if (!allowed) throw tooManyRequests('Too many attempts. Please try again later.');
    if ((await requestResetCode(deps, email)) === 'not-sent') throw new HttpError(503, MAIL_NOT_SENT);
    return 'Verification code sent to your email';
  }),
);

recoveryRoutes.post('/client/resetCode', (c) =>
  recoveryResponse(c, async () => {
    const { deps } = c.var;
    const { email, code } = await readBody(c, resetCodeSchema, badRequest);
    const address = clientAddress(c);
    if (!(await deps.limiter.take(`reset-code:address:${address}`, deps.limits.recoveryPerAddress)))
      throw tooManyRequests();
    const outcome = await verifyResetCode(deps, email, code, address);
    if (outcome === 'locked') throw tooManyRequests('Too many wrong attempts. Please request a new code.');
    if (outcome === 'locked-for-the-day')
      throw tooManyRequests('Too many wrong codes for this account today. Please try again tomorrow.');
    if (outcome === 'expired') throw badRequest('Verification code has expired. Please request a new code.');
    if (outcome === 'wrong') throw badRequest(INVALID_CODE);
    return 'Code verified successfully';
  }),
);

recoveryRoutes.post('/client/resetPassword', (c) =>
  recoveryResponse(c, async () => {
    const { deps } = c.var;
    const { email, newPassword } = await readBody(c, resetPasswordSchema, badRequest);
    if (!(await resetPassword(deps, email, newPassword))) throw badRequest('Please verify your code first');
    // The owner just proved control of the address: their own failed logins from here no longer count.
    await deps.limiter.reset(`login:email-address:${email}|${clientAddress(c)}`);
    return 'Password reset successfully';
  }),
);
