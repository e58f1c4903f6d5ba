/** The price list, read by signed-in clients (the spec's client reads it from an admin path). */
import { Hono } from 'hono';
import type { PricingResponse } from '../../src/shared/contract';
import type { AppEnv } from '../context';
import { requireClient } from '../http/roles';
import { listPricing } from '../db/pricing';

export const pricingRoutes = new Hono<AppEnv>();

pricingRoutes.get('/admin/pricing', requireClient(), async (c) => {
  return c.json({ data: await listPricing(c.var.deps.db) } satisfies PricingResponse);
});
