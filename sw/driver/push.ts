/**
 * The driver's worker's side of push (docs/notifications.md, 'The driver's phone'): each push
 * becomes one notification per event and task (tagged), an offer staying on screen until
 * answered and leaving out one that already ended; the open pages are told once it is up (they read
 * the offers again); a tap opens the driver's page the payload's kind and task say (the offer,
 * the task, its chat, today's tasks), in an open window when there is one.
 */
import { readDriverPushPayload } from '../../src/shared/driver-push';
import { DRIVER_PUSH_RECEIVED } from '../../src/shared/sw-messages';
import { openInWindow, type WindowClients } from '../push';

export interface DriverPushDeps {
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>;
  now: number;
}

/** Shows what a push carries; resolves without showing anything for one not ours, or an offer that ended. */
export async function showDriverPush(data: unknown, deps: DriverPushDeps): Promise<void> {
  const payload = readDriverPushPayload(data);
  if (!payload) return;
  if (payload.expiresAt && Date.parse(payload.expiresAt) <= deps.now) return;
  const offer = payload.kind === 'offer';
  await deps.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    data: { url: payload.url },
    icon: '/driver/pwa-192x192.png',
    badge: '/driver/pwa-64x64.png',
    lang: 'en-NG',
    // An offer rings and stays until the driver answers it (where the browser allows).
    requireInteraction: offer,
    ...(offer ? { vibrate: [400, 200, 400, 200, 400] } : {}),
  } as NotificationOptions);
}

/** What open pages are told of a push of ours; null for one not ours. */
export function driverPushNotice(data: unknown) {
  const payload = readDriverPushPayload(data);
  return payload ? { type: DRIVER_PUSH_RECEIVED, kind: payload.kind, taskId: payload.taskId } : null;
}

/** A tap: brings an open window of the driver's app to the page (focused), else opens one. */
export async function openDriverNotification(
  notification: Pick<Notification, 'data' | 'close'>,
  clients: WindowClients,
  origin: string,
): Promise<void> {
  notification.close();
  const path = (notification.data as { url?: unknown } | null)?.url;
  // Only the driver's own pages, never an address from elsewhere.
  if (typeof path !== 'string' || !path.startsWith('/driver/')) return;
  await openInWindow(new URL(path, origin).href, clients);
}
