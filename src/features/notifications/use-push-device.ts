import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forgetPushSubscription, notificationsQuery, savePushSubscription } from '../../lib/api/notifications';
import {
  currentSubscription,
  notificationPermission,
  pushSupport,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushSupport,
} from '../../lib/push-device';

export type DeviceState =
  | { kind: 'checking' }
  | { kind: 'unsupported' | 'install-first' | 'blocked' | 'off' | 'on' }
  | { kind: 'failed' };

function initialKind(support: PushSupport): DeviceState {
  if (support !== 'supported') return { kind: support };
  return notificationPermission() === 'denied' ? { kind: 'blocked' } : { kind: 'checking' };
}

/**
 * This device's notifications: what the browser allows, whether it is subscribed, and the
 * two actions (turn on: asks permission, subscribes, tells the server; turn off).
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DeviceState>(() => initialKind(pushSupport()));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (state.kind !== 'checking') return;
    let current = true;
    void currentSubscription()
      .then((subscription) => {
        if (!current) return;
        setState({ kind: subscription && notificationPermission() === 'granted' ? 'on' : 'off' });
        // The server may have forgotten a device (logout elsewhere, a 410): tell it again.
        if (subscription && notificationPermission() === 'granted')
          void savePushSubscription(subscription.toJSON()).catch(() => undefined);
      })
      .catch(() => current && setState({ kind: 'off' }));
    return () => {
      current = false;
    };
  }, [state.kind]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const { vapidPublicKey } = await queryClient.fetchQuery(notificationsQuery());
      const outcome = await subscribeThisDevice(vapidPublicKey, savePushSubscription);
      // Closing the browser's question without answering leaves the permission 'default': still off, not blocked.
      const blocked = notificationPermission() === 'denied';
      setState({
        kind: outcome === 'subscribed' ? 'on' : outcome === 'failed' ? 'failed' : blocked ? 'blocked' : 'off',
      });
      await queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey });
      return outcome;
    } catch {
      setState({ kind: 'failed' });
      return 'failed' as const;
    } finally {
      setBusy(false);
    }
  }, [queryClient]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      await unsubscribeThisDevice(forgetPushSubscription);
      setState({ kind: 'off' });
      await queryClient.invalidateQueries({ queryKey: notificationsQuery().queryKey });
    } catch {
      setState({ kind: 'failed' });
    } finally {
      setBusy(false);
    }
  }, [queryClient]);

  return { state, busy, turnOn, turnOff };
}
