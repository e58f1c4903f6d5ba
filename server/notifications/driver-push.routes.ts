/**
 * The driver's push (docs/notifications.md, 'The driver's phone'), the client's rules:
 * - POST /driver/notifications: the VAPID public key the app subscribes with, and how many of
 *   the driver's devices are subscribed;
 * - POST /driver/push/subscribe: this phone's PushSubscription (JSON); a known push service
 *   and keys that can encrypt, else 400;
 * - POST /driver/push/unsubscribe: forgets this phone's subscription (the app's sign-out).
 */
import { Hono } from 'hono';
import { emptyDriverSchema } from '../../src/shared/schemas/driver';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../../src/shared/schemas/push';
import type { AppEnv } from '../context';
import { countDriverSubscriptions, deleteDriverSubscription, saveDriverSubscription } from '../db/driver-push';
import { requireRole } from '../http/roles';
import { jsonBody } from '../http/validator';
import { checkSubscription } from './subscription-check';

export const driverPushRoutes = new Hono<AppEnv>();

driverPushRoutes.post(
  '/driver/notifications',
  requireRole('driver'),
  jsonBody(emptyDriverSchema, { optional: true }),
  async (c) => {
    const { db, vapidPublicKey } = c.var.deps;
    return c.json({ data: { vapidPublicKey, devices: await countDriverSubscriptions(db, c.var.driver.id) } });
  },
);

driverPushRoutes.post('/driver/push/subscribe', requireRole('driver'), jsonBody(pushSubscriptionSchema), async (c) => {
  const subscription = c.req.valid('json');
  checkSubscription(subscription, c.var.deps.config.pushAllowedOrigins);
  const driverId = c.var.driver.id;
  const created = await c.var.deps.db.transaction((tx) => saveDriverSubscription(tx, driverId, subscription));
  return c.json({ data: { subscribed: true } }, created ? 201 : 200);
});

driverPushRoutes.post(
  '/driver/push/unsubscribe',
  requireRole('driver', { beforePasswordChange: true }),
  jsonBody(pushUnsubscribeSchema),
  async (c) => {
    await deleteDriverSubscription(c.var.deps.db, c.var.driver.id, c.req.valid('json').endpoint);
    return c.json({ data: { subscribed: false } });
  },
);
