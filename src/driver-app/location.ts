/**
 * Live location while the driver is online (docs/driver.md, 'Live location'): the device's
 * position (watchPosition) is sampled every 5 s while moving and every 60 s standing still,
 * each sample kept in IndexedDB first, then the kept ones sent oldest first in batches. Offline they wait; the server keeps one point per time, so a batch sent again after
 * a lost answer counts once. The screen stays awake while a task is on the way.
 */
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { sendPositions } from '../lib/api/driver';
import { readCallFailure } from '../shared/call-failure';
import {
  MAX_POSITIONS_PER_BATCH,
  isMoving,
  nextBatch,
  positionIntervalMs,
  positionSendMs,
} from '../shared/driver-rules';
import { haversineMeters } from '../shared/geo';
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
  /** When the phone took it (ms). */
  time: number;
  /** The phone's speed (m/s) when it gives one. */
  speed: number | null;
}

/** A network the browser calls poor (Network Information API, Chrome on Android), or the data saver on. */
function poorNetwork(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } })
    .connection;
  return Boolean(connection?.saveData) || ['slow-2g', '2g'].includes(connection?.effectiveType ?? '');
}

/**
 * Watches the position while `online` and takes one every 5 s moving, every 60 s standing still
 * (docs/driver.md, 'Live location'); the kept ones go in batches every 30 s moving (120 s on a
 * poor network), at once standing still. The screen stays on while a task is on the way.
 */
export function useLiveLocation(online: boolean, onTheWay: boolean): void {
  const latest = useRef<Fix | null>(null);
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    if (!online || !('geolocation' in navigator)) return;
    let first = true;
    const watch = navigator.geolocation.watchPosition(
      ({ coords, timestamp }) => {
        const previous = latest.current;
        const fix: Fix = {
          lat: coords.latitude,
          lng: coords.longitude,
          accuracy: Math.min(coords.accuracy, 100_000),
          time: timestamp,
          speed: coords.speed,
        };
        latest.current = fix;
        const metres = previous ? haversineMeters(previous, fix) : null;
        setMoving(isMoving(fix.speed, metres, previous ? (fix.time - previous.time) / 1000 : 0));
        // The first fix goes out at once: dispatch offers tasks to the nearest driver.
        if (first) {
          first = false;
          void sample(fix, true);
        }
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [online]);

  useEffect(() => {
    if (!online) return;
    const sendEvery = positionSendMs(moving, poorNetwork());
    const timer = setInterval(() => {
      if (latest.current) void sample(latest.current, sendEvery === 0);
    }, positionIntervalMs(moving));
    const batches = sendEvery > 0 ? setInterval(() => void sendKeptPoints(), sendEvery) : undefined;
    const stopWatchingNetwork = onlineManager.subscribe((isOnline) => {
      if (isOnline) void sendKeptPoints();
    });
    return () => {
      clearInterval(timer);
      clearInterval(batches);
      stopWatchingNetwork();
    };
  }, [online, moving]);

  useWakeLock(online && onTheWay);
}

/** Keeps the position taken; sends what is kept now (`send`) or at the next batch. */
async function sample(fix: Fix, send: boolean): Promise<void> {
  const { lat, lng, accuracy } = fix;
  await addDriverPoint({ lat, lng, accuracy, at: new Date().toISOString() }).catch(() => undefined);
  if (send) await sendKeptPoints();
}

interface WakeLockLike {
  release(): Promise<void>;
}

/** Keeps the screen on while `active` (asked again when the page comes back into view: the browser drops it when hidden). */
export function useWakeLock(active: boolean): void {
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
