/**
 * This device's Web Push subscription (docs/notifications.md): whether the browser can push,
 * asking for permission only when the client chose to, handing the subscription to the server,
 * and forgetting it at logout. Loaded by the screens that offer notifications, not by `/`.
 */
import { CHAT_OPEN } from '../shared/sw-messages';

/** 'install-first': iOS pushes only to an app on the Home Screen. */
export type PushSupport = 'supported' | 'install-first' | 'unsupported';

function isIos(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  // iPadOS reports itself as a Mac with a touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

function isInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  const capable = 'PushManager' in window && 'Notification' in window;
  if (isIos() && !isInstalled()) return 'install-first';
  return capable ? 'supported' : 'unsupported';
}

/** The browser's answer so far: 'default' (not asked), 'granted' or 'denied'. */
export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'denied' : Notification.permission;
}

/** The VAPID key as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await registration();
  return (await found?.pushManager?.getSubscription()) ?? null;
}

export type SubscribeOutcome = 'subscribed' | 'denied' | 'failed';

/**
 * Asks for permission (only ever called from a button), subscribes the browser and hands the
 * subscription to `save` (POST /client/push/subscribe).
 */
export async function subscribeThisDevice(
  vapidPublicKey: string,
  save: (subscription: PushSubscriptionJSON) => Promise<unknown>,
): Promise<SubscribeOutcome> {
  const permission = notificationPermission() === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const found = (await registration()) ?? (await navigator.serviceWorker.ready);
    const key = applicationServerKey(vapidPublicKey);
    let subscription = await found.pushManager.getSubscription();
    const existingKey = subscription?.options.applicationServerKey;
    // A subscription made with another server key cannot receive our pushes: replace it.
    if (subscription && existingKey && !sameBytes(new Uint8Array(existingKey), key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await save(subscription.toJSON());
    return 'subscribed';
  } catch (error) {
    console.error('Could not subscribe to notifications', error);
    return 'failed';
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Turns notifications off on this device: the server forgets it (`forget`), then the browser. */
export async function unsubscribeThisDevice(forget: (endpoint: string) => Promise<unknown>): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await forget(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * Logging out: the signed-out user's notifications stop on this device. The server is told
 * with their token (already cleared from storage); offline, the browser's unsubscribe alone
 * makes the push service answer 410 and the server forgets the device then.
 */
export async function forgetDeviceAtLogout(
  token: string,
  apiUrl: string,
  path = 'client/push/unsubscribe',
): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await fetch(new URL(path, apiUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** Tells the worker which task's chat this window shows (null: none), so it does not push what is on screen. */
export function tellChatOpen(taskId: string | null): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: CHAT_OPEN, taskId });
}
