/**
 * The admin's catalog of services (issue 65, docs/product.md 'Prices'): the list with every
 * rule, a service added or changed, a price set (`npm run ops -- set-price` calls the last);
 * and the plans (docs/product.md 'Plans'), listed and saved (`set-plan` saves the whole plan).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { planSchema } from '../../src/shared/schemas/plans';
import { serviceKeyField, servicePriceSchema, serviceSchema } from '../../src/shared/schemas/services';
import type { AppEnv } from '../context';
import { requireRole } from '../http/roles';
import { jsonBody, paramOf } from '../http/validator';
import { listPlans, savePlan } from './plan-commands';
import { listServices, saveService, setServicePrice } from './service-commands';
import { actorOf, run } from './ops-edge';

export const serviceConsoleRoutes = new Hono<AppEnv>();

const ADMIN = requireRole('operator', { roles: ['admin'] });

serviceConsoleRoutes.get('/ops/services', ADMIN, async (c) => c.json({ data: await listServices(c.var.deps.db) }));

serviceConsoleRoutes.post('/ops/services', ADMIN, jsonBody(serviceSchema), async (c) =>
  c.json({ data: await saveService(c.var.deps.db, c.req.valid('json'), actorOf(c)) }),
);

serviceConsoleRoutes.post(
  '/ops/services/:key/price',
  ADMIN,
  paramOf(z.object({ key: serviceKeyField })),
  jsonBody(servicePriceSchema),
  async (c) => {
    const { key } = c.req.valid('param');
    const { price } = c.req.valid('json');
    return c.json({ data: await run(() => setServicePrice(c.var.deps.db, key, price, actorOf(c))) });
  },
);

serviceConsoleRoutes.get('/ops/plans', ADMIN, async (c) => c.json({ data: await listPlans(c.var.deps.db) }));

serviceConsoleRoutes.post('/ops/plans', ADMIN, jsonBody(planSchema), async (c) =>
  c.json({ data: await savePlan(c.var.deps.db, c.req.valid('json'), actorOf(c), c.var.deps.now()) }),
);
