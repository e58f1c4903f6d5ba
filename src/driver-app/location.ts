/**
 * Live location while the driver is online (docs/driver.md, 'Live location'): the device's
 * position (watchPosition) is sampled every 10 s while a task is on the way and every 60 s
 * otherwise, each sample kept in IndexedDB first, then the kept ones sent oldest first in
 * batches. Offline they wait; the server keeps one point per time, so a batch sent again after
 * a lost answer counts once. The screen stays awake while a task is on the way.
 */
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sendPositions } from '../lib/api/driver';
import { readCallFailure } from '../shared/call-failure';
import { MAX_POSITIONS_PER_BATCH, nextBatch, positionIntervalMs } from '../shared/driver-rules';
import { addDriverPoint, getDriverPoints, removeDriverPoints } from '../shared/offline-db';

let sending: Promise<void> | undefined;

/** Sends the kept points, oldest first, batch after batch, until none is left or the network fails. */
export function sendKeptPoints(): Promise<void> {
  sending ??= (async () => {
    try {
      for (;;) {
        const batch = nextBatch(await getDriverPoints(MAX_POSITIONS_PER_BATCH), MAX_POSITIONS_PER_BATCH);
        if (batch.length === 0) return;
        try {
          await sendPositions(batch.map(({ lat, lng, accuracy, at }) => ({ lat, lng, accuracy, at })));
        } catch (error) {
          const failure = await readCallFailure(error);
          // A point the server refuses (400) would block the rest for ever: it goes; anything else waits.
          if (failure.kind !== 'http' || failure.status !== 400) return;
        }
        await removeDriverPoints(batch.map((point) => point.id!));
      }
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}

interface Fix {
  lat: number;
  lng: number;
  accuracy: number;
}

/** Watches the position while `online`, and samples it at the pace `onTheWay` sets. */
export function useLiveLocation(online: boolean, onTheWay: boolean): void {
  const latest = useRef<Fix | null>(null);

  useEffect(() => {
    if (!online || !('geolocation' in navigator)) return;
    let first = true;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        latest.current = { lat: coords.latitude, lng: coords.longitude, accuracy: Math.min(coords.accuracy, 100_000) };
        // The first fix goes out at once: dispatch offers tasks to the nearest driver.
        if (first) {
          first = false;
          void sample(latest.current);
        }
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [online]);

  useEffect(() => {
    if (!online) return;
    const timer = setInterval(() => {
      if (latest.current) void sample(latest.current);
    }, positionIntervalMs(onTheWay));
    const stopWatchingNetwork = onlineManager.subscribe((isOnline) => {
      if (isOnline) void sendKeptPoints();
    });
    return () => {
      clearInterval(timer);
      stopWatchingNetwork();
    };
  }, [online, onTheWay]);

  useWakeLock(online && onTheWay);
}

async function sample(fix: Fix): Promise<void> {
  await addDriverPoint({ ...fix, at: new Date().toISOString() }).catch(() => undefined);
  await sendKeptPoints();
}

interface WakeLockLike {
  release(): Promise<void>;
}

/** Keeps the screen on while `active` (asked again when the page comes back into view: the browser drops it when hidden). */
function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockLike> } })
      .wakeLock;
    if (!active || !wakeLock) return;
    let lock: WakeLockLike | null = null;
    let ended = false;
    const take = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock.request('screen').then(
        (taken) => {
          if (ended) void taken.release();
          else lock = taken;
        },
        () => undefined,
      );
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);
}
