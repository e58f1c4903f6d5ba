/**
 * Offers by push on this phone (docs/notifications.md, 'The driver's phone'): the app says why
 * before the browser asks ('Offers reach you with the app closed'), subscribes through the
 * driver's worker, and hands the subscription to the server; with notifications allowed, each
 * sign-in hands it again (sign-out drops it on the server). A push tells the open app at once:
 * it reads the offers and tasks again instead of waiting for its next poll.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { driverKeys, getDriverPushKey, saveDriverPushSubscription } from '../lib/api/driver';
import { notificationPermission, pushSupport, subscribeThisDevice } from '../lib/push-device';
import { DRIVER_PUSH_RECEIVED } from '../shared/sw-messages';
import { changeDriverSetting, useDriverSettings } from './settings';

export async function turnOnOfferPushes(): Promise<'subscribed' | 'denied' | 'failed'> {
  try {
    const { vapidPublicKey } = await getDriverPushKey();
    return await subscribeThisDevice(vapidPublicKey, saveDriverPushSubscription);
  } catch {
    return 'failed';
  }
}

/** Open pages read again what a push is about (the worker's DRIVER_PUSH_RECEIVED). */
function refreshOnPush(queryClient: QueryClient, data: unknown): void {
  const notice = data as { type?: unknown; kind?: unknown; taskId?: unknown } | null;
  if (notice?.type !== DRIVER_PUSH_RECEIVED) return;
  void queryClient.invalidateQueries({ queryKey: driverKeys.offers() });
  void queryClient.invalidateQueries({ queryKey: driverKeys.tasks() });
  if (notice.kind === 'chat' && typeof notice.taskId === 'string')
    void queryClient.invalidateQueries({ queryKey: driverKeys.messages(notice.taskId) });
}

/** On every signed-in screen: pushes refresh the screens; allowed before, this phone is subscribed again. */
export function useOfferPushes(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const listener = (event: MessageEvent) => refreshOnPush(queryClient, event.data);
    navigator.serviceWorker.addEventListener('message', listener);
    if (pushSupport() === 'supported' && notificationPermission() === 'granted') void turnOnOfferPushes();
    return () => navigator.serviceWorker.removeEventListener('message', listener);
  }, [queryClient]);
}

/** Says why, then asks (a tap only); 'Not now' is remembered on the phone, Settings offers it again. */
export function OfferPushPrompt() {
  const { pushDeclined } = useDriverSettings();
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'denied' | 'failed'>(() =>
    notificationPermission() === 'granted' ? 'done' : 'ask',
  );
  if (pushDeclined || pushSupport() !== 'supported' || state === 'done') return null;
  const turnOn = async () => {
    setState('busy');
    const outcome = await turnOnOfferPushes();
    setState(outcome === 'subscribed' ? 'done' : outcome);
  };
  return (
    <section className="driver-card driver-push-prompt" aria-labelledby="push-prompt-title">
      <h2 id="push-prompt-title">Get offers with the app closed</h2>
      <p>An offer rings on your phone even when it is in your pocket, with what it pays and where the pickup is.</p>
      {state === 'denied' ? (
        <p role="alert" className="driver-error">
          Notifications are blocked: allow them for this site in the browser's settings.
        </p>
      ) : state === 'failed' ? (
        <p role="alert" className="driver-error">
          Could not turn them on. Try again when the network is back.
        </p>
      ) : null}
      <div className="driver-row">
        <button type="button" className="driver-button" disabled={state === 'busy'} onClick={() => void turnOn()}>
          Turn on offer notifications
        </button>
        <button
          type="button"
          className="driver-button driver-button-quiet"
          onClick={() => changeDriverSetting('pushDeclined', true)}
        >
          Not now
        </button>
      </div>
    </section>
  );
}
