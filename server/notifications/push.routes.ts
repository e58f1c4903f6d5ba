/**
 * Notifications (docs/notifications.md):
 * - POST /client/notifications: the caller's switches, the VAPID public key the app subscribes
 *   with, how many devices are subscribed, whether SMS is configured;
 * - POST /client/notifications/update: changes any of the switches;
 * - POST /client/push/subscribe: this device's PushSubscription (JSON), tied to the caller;
 *   its endpoint must be a known push service (server/notifications/endpoints.ts) and its keys able to
 *   encrypt (a P-256 point and a 16-byte secret, server/notifications/keys.ts), else 400;
 * - POST /client/push/unsubscribe: forgets this device's subscription (logout calls it).
 */
import { Hono } from 'hono';
import type {
  NotificationSettingsResponse,
  NotificationsResponse,
  PushSubscriptionResponse,
} from '../../src/shared/contract';
import {
  notificationSettingsSchema,
  notificationsReadSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../src/shared/schemas/push';
import type { AppEnv } from '../context';
import { countSubscriptions, deleteSubscription, readSettings, saveSubscription, updateSettings } from '../db/push';
import { requireClient } from '../http/roles';
import { jsonBody } from '../http/validator';
import { checkSubscription } from './subscription-check';

export { NOT_A_PUSH_SERVICE } from './subscription-check';

export const pushRoutes = new Hono<AppEnv>();

pushRoutes.post('/client/notifications', requireClient(), jsonBody(notificationsReadSchema), async (c) => {
  const callerId = c.var.client.id;
  const { db, vapidPublicKey, smsAvailable } = c.var.deps;
  return c.json({
    data: {
      settings: await readSettings(db, callerId),
      vapidPublicKey,
      devices: await countSubscriptions(db, callerId),
      smsAvailable,
    },
  } satisfies NotificationsResponse);
});

pushRoutes.post('/client/notifications/update', requireClient(), jsonBody(notificationSettingsSchema), async (c) => {
  const callerId = c.var.client.id;
  const change = c.req.valid('json');
  return c.json({ data: await updateSettings(c.var.deps.db, callerId, change) } satisfies NotificationSettingsResponse);
});

pushRoutes.post('/client/push/subscribe', requireClient(), jsonBody(pushSubscriptionSchema), async (c) => {
  const callerId = c.var.client.id;
  const subscription = c.req.valid('json');
  checkSubscription(subscription, c.var.deps.config.pushAllowedOrigins);
  const created = await c.var.deps.db.transaction((tx) => saveSubscription(tx, callerId, subscription));
  return c.json({ data: { subscribed: true } } satisfies PushSubscriptionResponse, created ? 201 : 200);
});

pushRoutes.post('/client/push/unsubscribe', requireClient(), jsonBody(pushUnsubscribeSchema), async (c) => {
  const callerId = c.var.client.id;
  const { endpoint } = c.req.valid('json');
  await deleteSubscription(c.var.deps.db, callerId, endpoint);
  return c.json({ data: { subscribed: false } } satisfies PushSubscriptionResponse);
});
