/**
 * The worker's side of notifications (docs/notifications.md): a push becomes one notification per
 * task (a newer one replaces the older), except a driver's chat message while that task's chat is
 * on screen; a tap opens the task's page (Home for a push about the plan or a recurring pickup),
 * in an open window when there is one.
 */
import { HOME_URL, readPushPayload, type PushNotice } from '../src/shared/push-payload';
import { PUSH_RECEIVED } from '../src/shared/sw-messages';

/** What the handlers use of a window client and of `self.clients` (typed here: tests and the app's tsconfig have no WebWorker lib). */
export interface PushWindow {
  id: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  navigate(url: string): Promise<PushWindow | null>;
  focus(): Promise<PushWindow>;
}

export interface WindowClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly unknown[]>;
  openWindow(url: string): Promise<unknown>;
}

export interface PushDeps {
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>;
  clients: WindowClients;
  /** Window client id -> the task whose chat it shows (told by the pages, CHAT_OPEN). */
  openChats: ReadonlyMap<string, string>;
  /** The app's base path ('/'), for the icons. */
  base: string;
}

async function isChatOnScreen(taskId: string, deps: PushDeps): Promise<boolean> {
  const windows = (await deps.clients.matchAll({ type: 'window', includeUncontrolled: false })) as PushWindow[];
  return windows.some((client) => deps.openChats.get(client.id) === taskId && client.visibilityState === 'visible');
}

/** Shows what a push carries; resolves without showing anything for a push that is not ours or not wanted now. */
export async function showPush(data: unknown, deps: PushDeps): Promise<void> {
  const payload = readPushPayload(data);
  if (!payload) return;
  if (payload.kind === 'chat' && payload.taskId && (await isChatOnScreen(payload.taskId, deps))) return;
  await deps.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag,
    data: { url: payload.url },
    icon: `${deps.base}pwa-192x192.png`,
    badge: `${deps.base}pwa-64x64.png`,
    lang: 'en-NG',
  });
}

/** What open windows are told of a push of ours (read again what it is about); null for a push that is not ours. */
export function pushNotice(data: unknown): ({ type: typeof PUSH_RECEIVED } & PushNotice) | null {
  const payload = readPushPayload(data);
  return payload ? { type: PUSH_RECEIVED, kind: payload.kind, taskId: payload.taskId } : null;
}

/** The page a notification opens: its own task page or Home, never an address from elsewhere. */
function urlOf(notification: Pick<Notification, 'data'>, origin: string): string | null {
  const url = (notification.data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || !(url.startsWith('/client/tasks/') || url === HOME_URL)) return null;
  return new URL(url, origin).href;
}

/** A tap: brings an open window of the app to the task page or Home (focused), else opens one. */
export async function openFromNotification(
  notification: Pick<Notification, 'data' | 'close'>,
  clients: WindowClients,
  origin: string,
): Promise<void> {
  notification.close();
  const url = urlOf(notification, origin);
  if (url) await openInWindow(url, clients);
}

/** Tells every window of the worker's origin `message`, those out of its scope too. */
export async function tellWindows(clients: Pick<WindowClients, 'matchAll'>, message: object): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as Array<{
    postMessage(message: unknown): void;
  }>;
  for (const client of windows) client.postMessage(message);
}

/** Brings an open window of the app (the focused one first) to `url`, focused, else opens one. */
export async function openInWindow(url: string, clients: WindowClients): Promise<void> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as PushWindow[];
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    const shown = (await open.navigate(url).catch(() => null)) ?? open;
    // Focus needs the tap's user activation; without it the page is still on the task.
    await shown.focus().catch(() => undefined);
    return;
  }
  await clients.openWindow(url);
}
