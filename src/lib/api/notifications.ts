import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  NotificationSettingsResponse,
  NotificationSettingsUpdate,
  NotificationsResponse,
  PushSubscribeRequest,
  PushSubscriptionResponse,
  PushUnsubscribeRequest,
} from '../../shared/contract';
import { http } from '../http';
import { signedInQuery } from './signed-in';

export const notificationKeys = {
  all: ['notifications'] as const,
  settings: (subject: string | null) => [...notificationKeys.all, subject] as const,
};

export type NotificationsStatus = NotificationsResponse['data'];

/** POST /client/notifications: the switches, the server's VAPID public key, subscribed devices, whether SMS is on. */
export async function getNotifications(): Promise<NotificationsStatus> {
  return (await http.post('client/notifications', { json: {} }).json<NotificationsResponse>()).data;
}

export function notificationsQuery() {
  return queryOptions(signedInQuery(notificationKeys.settings, getNotifications));
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

/**
 * Changes some switches, shown at once (optimistic): a refusal puts them back and calls
 * `onError`; the server's answer is what stays.
 */
export function useUpdateNotificationSettings({ onError }: { onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  const key = notificationsQuery().queryKey;
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (change: NotificationSettingsUpdate) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, settings: { ...before.settings, ...change } });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      onError?.();
    },
    onSuccess: (settings) => {
      const current = queryClient.getQueryData(key);
      if (current) queryClient.setQueryData(key, { ...current, settings });
    },
  });
}
