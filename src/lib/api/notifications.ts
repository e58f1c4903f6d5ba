import { queryOptions } from '@tanstack/react-query';
import type {
  NotificationSettings,
  NotificationSettingsResponse,
  NotificationSettingsUpdate,
  NotificationsResponse,
  PushSubscribeRequest,
  PushSubscriptionResponse,
  PushUnsubscribeRequest,
} from '../../shared/contract';
import { decodeJwtSubject } from '../../shared/cached-responses';
import { http, retryPostQuery } from '../http';
import { getToken } from '../token-storage';
import { asQuery, noTokenFailure } from './query-failure';

export type NotificationsStatus = NotificationsResponse['data'];

/** POST /client/notifications: the switches, the server's VAPID public key, subscribed devices, whether SMS is on. */
export async function getNotifications(): Promise<NotificationsStatus> {
  return (await http.post('client/notifications', { json: {}, retry: retryPostQuery }).json<NotificationsResponse>())
    .data;
}

export function notificationsQuery() {
  const token = getToken();
  return queryOptions({
    queryKey: ['notifications', decodeJwtSubject(token)] as const,
    queryFn: () => (token ? asQuery(getNotifications) : Promise.reject(noTokenFailure())),
  });
}

/** POST /client/notifications/update: changes the given switches; responds with them all. */
export async function updateNotificationSettings(change: NotificationSettingsUpdate): Promise<NotificationSettings> {
  return (await http.post('client/notifications/update', { json: change }).json<NotificationSettingsResponse>()).data;
}

/** POST /client/push/subscribe: this device's subscription (the browser's JSON, checked by the server), for the signed-in client. */
export async function savePushSubscription(subscription: PushSubscriptionJSON | PushSubscribeRequest): Promise<void> {
  await http.post('client/push/subscribe', { json: subscription }).json<PushSubscriptionResponse>();
}

/** POST /client/push/unsubscribe: the server forgets this device. */
export async function forgetPushSubscription(endpoint: string): Promise<void> {
  await http
    .post('client/push/unsubscribe', { json: { endpoint } satisfies PushUnsubscribeRequest })
    .json<PushSubscriptionResponse>();
}
