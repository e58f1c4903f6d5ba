/** Driver locations, for the client's route map; a client sees only the drivers serving it. */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../context';
import { requireClient } from '../http/roles';
import { forbidden, notFound } from '../http/errors';
import { findDriverLocation, findDriverName, isDriverOfUser } from '../db/drivers';
import { paramOf } from '../http/validator';
import { id } from '../../src/shared/schemas/fields';

/**
 * An id too long or holding control characters (a NUL cannot reach PostgreSQL) is no driver's:
 * a 404 as for an unknown one, not a 400.
 */
const driverParam = paramOf(z.object({ driverId: id('driverId').nullable().catch(null) }));

export const driverRoutes = new Hono<AppEnv>();

const PALETTE = ['#2e7d32', '#1565c0', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457'];

/** A driver without a photo of their own: their initials on a colour chosen by their id, drawn here (no network). */
export function initialsAvatar(driverId: string, firstname: string, lastname: string): string {
  const initials =
    `${firstname.trim()[0] ?? ''}${lastname.trim()[0] ?? ''}`.toUpperCase().replace(/[^\p{L}]/gu, '') || '?';
  let hash = 0;
  for (const char of driverId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const colour = PALETTE[hash % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img"><rect width="96" height="96" rx="48" fill="${colour}"/><text x="48" y="60" font-family="sans-serif" font-size="36" font-weight="600" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}

/** GET /driver/photo/<id>: no token (an <img> sends none); a driver's initials are no secret. */
driverRoutes.get('/driver/photo/:driverId', driverParam, async (c) => {
  const { driverId } = c.req.valid('param');
  const driver = driverId === null ? undefined : await findDriverName(c.var.deps.db, driverId);
  if (!driver) throw notFound('Driver not found');
  c.header('Cache-Control', 'public, max-age=86400');
  return c.body(initialsAvatar(driver.id, driver.firstname, driver.lastname), 200, {
    'Content-Type': 'image/svg+xml',
  });
});

/** An unchanged location, and who may read it, are answered from memory (server/db/poll-cache.ts). */
driverRoutes.get('/driver/location/:driverId', requireClient(), driverParam, async (c) => {
  const { db, polls } = c.var.deps;
  const callerId = c.var.client.id;
  const { driverId } = c.req.valid('param');
  const location = driverId ? await polls.driverLocation(driverId, () => findDriverLocation(db, driverId)) : undefined;
  if (!driverId || !location) throw notFound('Driver not found');
  if (!(await polls.mayTrack(driverId, callerId, () => isDriverOfUser(db, driverId, callerId))))
    throw forbidden('This driver is not assigned to any of your tasks');
  return c.json({ data: location });
});
