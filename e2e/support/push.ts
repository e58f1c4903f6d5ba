/**
 * Web Push in journeys without a push service: Chromium here cannot reach Google's, so the
 * page's PushManager is given a subscription of its own (real P-256 keys, an endpoint on
 * E2E_PUSH_ORIGIN, which the server allows), and pushes reach the installed worker through the
 * DevTools protocol (ServiceWorker.deliverPushMessage), as the push service would deliver them.
 */
import { expect, type Page } from '@playwright/test';

export const E2E_PUSH_ORIGIN = 'https://127.0.0.1:9';

/** Replaces PushManager's subscribe/getSubscription in every page of the context (kept in localStorage). */
export async function fakePushService(page: Page): Promise<void> {
  await page.addInitScript((origin) => {
    const KEY = 'e2e-push-subscription';
    const b64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const toSubscription = (json: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
      endpoint: json.endpoint,
      expirationTime: null,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => ({ ...json, expirationTime: null }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = localStorage.getItem(KEY);
      return stored ? (toSubscription(JSON.parse(stored)) as unknown as PushSubscription) : null;
    };
    PushManager.prototype.subscribe = async function subscribe() {
      if (Notification.permission !== 'granted') throw new DOMException('Permission denied', 'NotAllowedError');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const json = {
        endpoint: `${origin}/push/${crypto.randomUUID()}`,
        keys: {
          p256dh: b64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: b64url(crypto.getRandomValues(new Uint8Array(16)).buffer),
        },
      };
      localStorage.setItem(KEY, JSON.stringify(json));
      return toSubscription(json) as unknown as PushSubscription;
    };
  }, E2E_PUSH_ORIGIN);
}

/**
 * Delivers `payload` (JSON) to the page's service worker as a push message, once its worker is
 * activated. On a loaded machine Chromium can drop a message delivered while the worker starts,
 * so until `delivered()` says it arrived, it is delivered again (at most 3 times; a notification
 * of a task replaces the one before, so a second delivery cannot show twice).
 */
export async function deliverPush(page: Page, payload: unknown, delivered: () => Promise<boolean>): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrations = new Map<string, string>();
  const activated = new Set<string>();
  let found: (id: string) => void = () => undefined;
  const registrationId = new Promise<string>((resolve) => {
    found = resolve;
  });
  const check = () => {
    for (const [id, scope] of registrations) if (scope.startsWith(origin) && activated.has(id)) found(id);
  };
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated)
      if (registration.isDeleted) registrations.delete(registration.registrationId);
      else registrations.set(registration.registrationId, registration.scopeURL);
    check();
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) if (version.status === 'activated') activated.add(version.registrationId);
    check();
  });
  // The session stays open with the page: closing it at once can drop a push the worker has not started on.
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
    try {
      await expect.poll(delivered, { timeout: 15_000 }).toBe(true);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`push delivery ${attempt} not shown after 5 s: delivering again`);
    }
  }
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The notifications the app's worker shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({ title, body, tag, data }));
  });
}

/**
 * A tap on the notification with `tag`: the worker's own notificationclick handler runs (a
 * browser cannot click a system notification for a test, so the event is dispatched in the worker).
 */
export async function tapNotification(page: Page, tag: string): Promise<void> {
  const worker = page.context().serviceWorkers()[0];
  expect(worker, 'a service worker').toBeTruthy();
  await worker!.evaluate(async (wanted) => {
    // The worker's globals, which the tests' DOM types do not have.
    const scope = self as unknown as EventTarget & { registration: ServiceWorkerRegistration };
    const NotificationEvent = (self as unknown as { NotificationEvent: new (type: string, init: object) => Event })
      .NotificationEvent;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    try {
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    } catch {
      // waitUntil refuses an event the browser did not dispatch; the handler has already started.
    }
  }, tag);
}
