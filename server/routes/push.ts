/**
 * Notifications (docs/notifications.md):
 * - POST /client/notifications: the caller's switches, the VAPID public key the app subscribes
 *   with, how many devices are subscribed, whether SMS is configured;
 * - POST /client/notifications/update: changes any of the switches;
 * - POST /client/push/subscribe: this device's PushSubscription (JSON), tied to the caller;
 *   its endpoint must be a known push service (server/push/endpoints.ts) and its keys able to
 *   encrypt (a P-256 point and a 16-byte secret, server/push/keys.ts), else 400;
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
import { authenticate } from '../http/auth';
import { badRequest } from '../http/errors';
import { readJson } from '../http/validate';
import { isAllowedPushEndpoint } from '../push/endpoints';
import { subscriptionKeysProblem } from '../push/keys';

export const NOT_A_PUSH_SERVICE = 'endpoint is not a known push service';

export const pushRoutes = new Hono<AppEnv>();

pushRoutes.post('/client/notifications', async (c) => {
  const callerId = await authenticate(c);
  await readJson(c, notificationsReadSchema);
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

pushRoutes.post('/client/notifications/update', async (c) => {
  const callerId = await authenticate(c);
  const change = await readJson(c, notificationSettingsSchema);
  return c.json({ data: await updateSettings(c.var.deps.db, callerId, change) } satisfies NotificationSettingsResponse);
});

pushRoutes.post('/client/push/subscribe', async (c) => {
  const callerId = await authenticate(c);
  const subscription = await readJson(c, pushSubscriptionSchema);
  if (!isAllowedPushEndpoint(subscription.endpoint, c.var.deps.config.pushAllowedOrigins))
    throw badRequest(NOT_A_PUSH_SERVICE);
  // Keys that cannot encrypt would fail every push to this device.
  const keysProblem = subscriptionKeysProblem(subscription.keys);
  if (keysProblem) throw badRequest(keysProblem);
  const created = await c.var.deps.db.transaction((tx) => saveSubscription(tx, callerId, subscription));
  return c.json({ data: { subscribed: true } } satisfies PushSubscriptionResponse, created ? 201 : 200);
});

pushRoutes.post('/client/push/unsubscribe', async (c) => {
  const callerId = await authenticate(c);
  const { endpoint } = await readJson(c, pushUnsubscribeSchema);
  await deleteSubscription(c.var.deps.db, callerId, endpoint);
  return c.json({ data: { subscribed: false } } satisfies PushSubscriptionResponse);
});
