/**
 * Web Push in journeys without a push service: Chromium here cannot reach Google's, so the
 * page's PushManager is given a subscription of its own (real P-256 keys, an endpoint on
 * E2E_PUSH_ORIGIN, which the server allows), and pushes reach the installed worker through the
 * DevTools protocol (ServiceWorker.deliverPushMessage), as the push service would deliver them.
 */
import { expect, type Page } from '@playwright/test';
import { PUSH_RECEIVED } from '../../src/shared/sw-messages';

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
 * Listens in `page` for what the service workers of its origin tell their windows (a page out of
 * a worker's scope too) and returns a wait for the first message of `type`. The workers tell
 * their windows of a push once its notification is up: Chromium drops a notification it is
 * still putting up when the list is read (getNotifications) meanwhile, so a test reads the list
 * after this message, never while the push is handled.
 */
async function listenToWorkers(page: Page, type: string): Promise<() => Promise<unknown>> {
  await page.evaluate((wanted) => {
    const kept: unknown[] = [];
    (window as unknown as { workerMessages: unknown[] }).workerMessages = kept;
    navigator.serviceWorker.addEventListener('message', ({ data }) => {
      if ((data as { type?: unknown } | null)?.type === wanted) kept.push(data);
    });
    navigator.serviceWorker.startMessages();
  }, type);
  return async () =>
    (
      await page.waitForFunction(() => (window as unknown as { workerMessages: unknown[] }).workerMessages[0], null, {
        timeout: 15_000,
      })
    ).jsonValue();
}

/**
 * Delivers `payload` (JSON) as a push message to the activated worker of `page`'s origin with
 * `scope` (the client's, '/', unless told), and resolves with what the worker then tells `page`
 * (its message of `type`, sent once the notification is up). `page` may be out of the scope.
 */
export async function deliverPush(
  page: Page,
  payload: unknown,
  { scope = '/', type = PUSH_RECEIVED }: { scope?: string; type?: string } = {},
): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const scopeURL = new URL(scope, origin).href;
  const registrations = new Set<string>();
  // What DevTools says of the versions (their states, any error): to wait on, and to show on a failure.
  const versions = new Map<string, { registrationId: string; status: string; runningStatus: string }>();
  const errors: string[] = [];
  let found: (id: string) => void = () => undefined;
  const registrationId = new Promise<string>((resolve) => {
    found = resolve;
  });
  const check = () => {
    for (const version of versions.values())
      if (registrations.has(version.registrationId) && version.status === 'activated') found(version.registrationId);
  };
  // Listened to before enable: the registrations may be told before enable answers.
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated)
      if (registration.isDeleted) registrations.delete(registration.registrationId);
      else if (registration.scopeURL === scopeURL) registrations.add(registration.registrationId);
    check();
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) versions.set(version.versionId, version);
    check();
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => errors.push(errorMessage.errorMessage));
  // The session stays open with the page: closing it at once can drop a push the worker has not started on.
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  const told = await listenToWorkers(page, type);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(payload) });
  return told().catch((failure: Error) => {
    // Said with the worker as DevTools saw it then: a push not handled is otherwise seen blind.
    const mine = [...versions.values()].filter((version) => version.registrationId === id);
    failure.message += `\nthe worker: ${JSON.stringify(mine)}; errors: ${JSON.stringify(errors)}`;
    throw failure;
  });
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
