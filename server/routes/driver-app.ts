/**
 * The driver's API (issue 46, docs/driver.md): sign-in and the password change, being online,
 * the offers, the tasks, positions and chat. Every route but the sign-in goes through
 * `requireRole('driver')`; a client token is refused there with 403.
 */
import { Hono } from 'hono';
import {
  INVALID_DRIVER_LOGIN,
  availabilitySchema,
  driverLoginSchema,
  driverPasswordSchema,
  driverTaskSchema,
  emptyDriverSchema,
} from '../../src/shared/schemas/driver';
import { normalizePhone } from '../../src/shared/validation/phone';
import type { AppEnv } from '../context';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../auth/passwords';
import { changeDriverPassword, findDriverAccount, findDriverAccountsByPhone, noteDriverSignIn } from '../db/drivers';
import { acceptOffer, declineOffer, selectOpenOffers, setDriverOnline } from '../db/dispatch';
import { readBody } from '../http/body';
import { clientAddress } from '../http/client-address';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../http/errors';
import { requireRole } from '../http/roles';

const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';

export const driverAppRoutes = new Hono<AppEnv>();

driverAppRoutes.post('/driver/login', async (c) => {
  const { db, tokens, limiter, limits } = c.var.deps;
  const body = await readBody(c, driverLoginSchema, badRequest);
  const phone = normalizePhone(body.phone) ?? body.phone;
  const address = clientAddress(c);
  // As the client's login: guesses at one phone count per address, and per address overall.
  const pairKey = `driver-login:phone-address:${phone}|${address}`;
  const allowed = await limiter.takeAll([
    [pairKey, limits.loginPerEmailAndAddress],
    [`login:address:${address}`, limits.loginPerAddress],
  ]);
  if (!allowed) throw new HttpError(429, TOO_MANY_LOGINS);
  const candidates = await findDriverAccountsByPhone(db, phone);
  let signedIn: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(body.password, candidate.password_hash ?? DUMMY_PASSWORD_HASH)) {
      signedIn = candidate;
      break;
    }
  }
  // An unknown phone still costs one comparison, so timing does not reveal drivers.
  if (candidates.length === 0) await verifyPassword(body.password, DUMMY_PASSWORD_HASH);
  if (!signedIn) throw new HttpError(401, INVALID_DRIVER_LOGIN);
  await limiter.reset(pairKey);
  await noteDriverSignIn(db, signedIn.id, c.var.deps.now());
  return c.json({ data: await tokens.sign(signedIn.id, Number(signedIn.session_version), 'driver') });
});

driverAppRoutes.post('/driver/password', requireRole('driver', { beforePasswordChange: true }), async (c) => {
  const { db, tokens } = c.var.deps;
  const body = await readBody(c, driverPasswordSchema, badRequest);
  const account = await findDriverAccount(db, c.var.driver.id);
  if (!account?.password_hash || !(await verifyPassword(body.currentPassword, account.password_hash)))
    throw unauthorized('Current password is wrong');
  if (body.newPassword === body.currentPassword)
    throw badRequest('Choose a new password different from the one-time password');
  const version = await changeDriverPassword(db, account.id, await hashPassword(body.newPassword));
  // Older tokens end with the change; this device goes on with a fresh one.
  return c.json({ data: await tokens.sign(account.id, version, 'driver') });
});

driverAppRoutes.post('/driver/availability', requireRole('driver'), async (c) => {
  const body = await readBody(c, availabilitySchema, badRequest);
  await setDriverOnline(c.var.deps.db, c.var.driver.id, body.online);
  return c.json({ data: { online: body.online } });
});

/** What the driver earns of a task's price (naira on the wire, computed in whole kobo). */
export function driverEarnings(priceNaira: number, share: number): number {
  return Math.round(Math.round(priceNaira * 100) * share) / 100;
}

const windowOf = (start: Date | string | null, end: Date | string | null) =>
  start && end ? { start: new Date(start).toISOString(), end: new Date(end).toISOString() } : null;

driverAppRoutes.post('/driver/offers', requireRole('driver'), async (c) => {
  const { db, config, now } = c.var.deps;
  await readBody(c, emptyDriverSchema, badRequest, { optional: true });
  const rows = await selectOpenOffers(db, c.var.driver.id, now());
  return c.json({
    data: rows.map((row) => ({
      taskId: row.task_id,
      expiresAt: new Date(row.expires_at).toISOString(),
      service: { type: row.type, name: row.service_name },
      quantity: Number(row.quantity),
      unit: row.unit,
      window: windowOf(row.scheduled_start, row.scheduled_end),
      pickup: {
        address: row.address,
        location: { type: 'Point', coordinates: [Number(row.lng), Number(row.lat)] },
      },
      distanceMeters: Number(row.distance_m),
      earnings: driverEarnings(Number(row.amount), config.driverShare),
    })),
  });
});

const OFFER_CLOSED = 'This offer has expired or was taken';

driverAppRoutes.post('/driver/offers/accept', requireRole('driver'), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId } = await readBody(c, driverTaskSchema, badRequest);
  const answer = await db.transaction((tx) => acceptOffer(tx, taskId, c.var.driver.id, now()));
  if (answer === 'not-found') throw notFound('Task not found');
  if (answer === 'closed') throw conflict(OFFER_CLOSED);
  return c.json({ data: { taskId, status: 'driver-assigned' } });
});

driverAppRoutes.post('/driver/offers/decline', requireRole('driver'), async (c) => {
  const { db, now } = c.var.deps;
  const { taskId } = await readBody(c, driverTaskSchema, badRequest);
  const answer = await declineOffer(db, taskId, c.var.driver.id, now());
  if (answer === 'not-found') throw notFound('Task not found');
  if (answer === 'closed') throw conflict(OFFER_CLOSED);
  return c.json({ data: { taskId } });
});
