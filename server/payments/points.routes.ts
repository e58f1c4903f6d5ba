/** Recycle tokens (docs/product.md, Points): the balance and the ledger it is the sum of. */
import { Hono } from 'hono';
import type { PointsStatus } from '../../src/shared/contract';
import type { AppEnv } from '../context';
import { requireClient } from '../http/roles';
import { notFound } from '../http/errors';
import { koboToNaira } from '../../src/shared/money';
import { listPoints } from '../db/points';
import { findUserById } from '../db/users';

export const pointsRoutes = new Hono<AppEnv>();

pointsRoutes.post('/client/points', requireClient(), async (c) => {
  const { db } = c.var.deps;
  const callerId = c.var.client.id;
  const user = await findUserById(db, callerId);
  if (!user) throw notFound('User not found');
  const status: PointsStatus = {
    balance: koboToNaira(user.balance_kobo),
    entries: await listPoints(db, callerId),
  };
  return c.json({ data: status });
});
