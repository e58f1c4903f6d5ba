/**
 * Password recovery: forgot (mail a code), resetCode (verify it), resetPassword (set a new
 * password, which ends every session). Every response, failures included, is
 * `{ success, message }` (src/shared/contract.ts); the rules are in server/accounts/recovery.ts.
 */
import { Hono, type Context } from 'hono';
import { INVALID_CODE, forgotSchema, resetCodeSchema, resetPasswordSchema } from '../../src/shared/schemas/auth';
import type { AppEnv } from '../context';
import { requestResetCode, resetPassword, verifyResetCode } from './recovery';
import { jsonBody } from '../http/validator';
import { hasSignedInFrom } from '../db/reset-codes';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest, tooManyRequests } from '../http/errors';

const MAIL_NOT_SENT = 'We could not send the verification code right now. Please try again in a few minutes.';

const recoveryError = (message: string) => badRequest(message, { success: false });

/** Recovery calls answer `{ success, message }`, failures included. */
async function recoveryResponse<E extends AppEnv>(c: Context<E>, work: () => Promise<string>) {
  try {
    return c.json({ success: true, message: await work() });
  } catch (error) {
    if (error instanceof HttpError) return c.json({ success: false, message: error.message }, error.status);
    throw error;
  }
}

export const recoveryRoutes = new Hono<AppEnv>();

recoveryRoutes.post('/client/forgot', jsonBody(forgotSchema, { fail: recoveryError }), (c) =>
  recoveryResponse(c, async () => {
    const { deps } = c.var;
    const { email } = c.req.valid('json');
    const address = clientAddress(c);
    // An address that signed in to the account is the owner's own: it has an allowance of its
    // own, so strangers elsewhere spending the account's cannot stop the owner asking from home.
    const known = await hasSignedInFrom(deps.db, email, address);
    const [key, rule] = known
      ? ([`recovery:known:${email}|${address}`, deps.limits.recoveryPerKnownAddress] as const)
      : ([`recovery:account:${email}`, deps.limits.recoveryPerAccount] as const);
    const counts = await deps.limiter.takeAllCounted([
      [key, rule],
      [`recovery:address:${address}`, deps.limits.recoveryPerAddress],
    ]);
    if (!counts) throw tooManyRequests('Too many attempts. Please try again later.');
    const asked = { address, known, count: counts[0]!, limit: rule.limit, refund: () => deps.limiter.giveBack(key) };
    if ((await requestResetCode(deps, email, asked)) === 'not-sent') throw new HttpError(503, MAIL_NOT_SENT);
    return 'Verification code sent to your email';
  }),
);

recoveryRoutes.post('/client/resetCode', jsonBody(resetCodeSchema, { fail: recoveryError }), (c) =>
  recoveryResponse(c, async () => {
    const { deps } = c.var;
    const { email, code } = c.req.valid('json');
    const address = clientAddress(c);
    if (!(await deps.limiter.take(`reset-code:address:${address}`, deps.limits.recoveryPerAddress)))
      throw tooManyRequests();
    const outcome = await verifyResetCode(deps, email, code, address);
    if (outcome === 'locked') throw tooManyRequests('Too many wrong attempts. Please request a new code.');
    if (outcome === 'expired') throw badRequest('Verification code has expired. Please request a new code.');
    if (outcome === 'wrong') throw badRequest(INVALID_CODE);
    return 'Code verified successfully';
  }),
);

recoveryRoutes.post('/client/resetPassword', jsonBody(resetPasswordSchema, { fail: recoveryError }), (c) =>
  recoveryResponse(c, async () => {
    const { deps } = c.var;
    const { email, newPassword } = c.req.valid('json');
    const address = clientAddress(c);
    if (!(await resetPassword(deps, email, newPassword, address))) throw badRequest('Please verify your code first');
    // The owner just proved control of the address: their own failed logins from here no longer count.
    await deps.limiter.reset(`login:email-address:${email}|${address}`);
    return 'Password reset successfully';
  }),
);
