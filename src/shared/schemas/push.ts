/**
 * Request schemas of notifications: a browser's PushSubscription JSON (subscribe and
 * unsubscribe) and the notification switches. Lengths first, then patterns. Which push
 * service hosts an endpoint may name is the server's check (server/notifications/endpoints.ts).
 */
import { z } from 'zod';
import { NOT_AN_OBJECT, text } from './fields';

/** Push services' endpoints are a few hundred characters; a URL this long is not one. */
export const MAX_PUSH_ENDPOINT = 1024;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const key = (field: string, max: number) =>
  text(field, { max })
    .min(1, { error: `${field} is required` })
    .regex(BASE64URL, { error: `${field} must be base64url` });

export const pushSubscriptionSchema = z.object(
  {
    endpoint: text('endpoint', { max: MAX_PUSH_ENDPOINT })
      .min(1, { error: 'endpoint is required' })
      .refine((value) => URL.canParse(value), { error: 'endpoint must be a URL' }),
    // The browser sends these too; they say nothing we use.
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        // An uncompressed P-256 point (65 bytes: 87 characters of base64url) and a 16-byte secret (22).
        p256dh: key('keys.p256dh', 100),
        auth: key('keys.auth', 40),
      },
      { error: 'keys must be an object with p256dh and auth' },
    ),
  },
  { error: NOT_AN_OBJECT },
);

/** Unsubscribing needs only the endpoint (the device's subscription may already be gone in the browser). */
export const pushUnsubscribeSchema = z.object(
  { endpoint: text('endpoint', { max: MAX_PUSH_ENDPOINT }).min(1, { error: 'endpoint is required' }) },
  { error: NOT_AN_OBJECT },
);

const toggle = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional();

/** Any subset of the switches; the others stay as they are. */
export const notificationSettingsSchema = z.strictObject(
  {
    driverUpdates: toggle('driverUpdates'),
    chat: toggle('chat'),
    receipts: toggle('receipts'),
    reminders: toggle('reminders'),
    sms: toggle('sms'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys[0]}` : NOT_AN_OBJECT) },
);

export const notificationsReadSchema = z.object({}, { error: NOT_AN_OBJECT });
