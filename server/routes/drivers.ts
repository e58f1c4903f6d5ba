/** Driver locations, for the client's route map; a client sees only the drivers serving it. */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { authenticate } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { findDriverLocation, isDriverOfUser } from '../db/drivers';
import { id } from '../../src/shared/schemas/fields';

const driverIdSchema = id('driverId');

export const driverRoutes = new Hono<AppEnv>();

driverRoutes.get('/driver/location/:driverId', async (c) => {
  const { db } = c.var.deps;
  const callerId = await authenticate(c);
  // An id too long or holding control characters (a NUL cannot reach PostgreSQL) is no driver's.
  const parsed = driverIdSchema.safeParse(c.req.param('driverId'));
  const driverId = parsed.success ? parsed.data : undefined;
  const location = driverId ? await findDriverLocation(db, driverId) : undefined;
  if (!driverId || !location) throw notFound('Driver not found');
  if (!(await isDriverOfUser(db, driverId, callerId)))
    throw forbidden('This driver is not assigned to any of your tasks');
  return c.json({ data: location });
});
