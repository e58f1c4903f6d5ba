/**
 * Signing out (docs/driver.md, 'The app'): the device forgets the driver at once (token, kept
 * answers, queue), and the server is told (`POST /driver/logout`: offline, the session ended).
 * Without network the old token is kept aside until the network returns, so that a driver who
 * signs out in a dead zone does not stay online for offers.
 */
import type { QueryClient } from '@tanstack/react-query';
import { driverLogout } from '../lib/api/driver';
import { forgetDeviceAtLogout } from '../lib/push-device';
import { config } from '../shared/config';
import { clearDriverToken, getDriverToken } from '../lib/driver-token';
import { readCallFailure } from '../shared/call-failure';
import { clearDriverData } from '../shared/offline-db';
import { rememberAvailable } from './availability';
import { DRIVER_USER } from './kept';

const PENDING_KEY = 'driver-sign-out';

function pendingToken(): string | null {
  try {
    return localStorage.getItem(PENDING_KEY);
  } catch {
    return null;
  }
}

function setPendingToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(PENDING_KEY, token);
    else localStorage.removeItem(PENDING_KEY);
  } catch {
    /* storage blocked: only this visit tries */
  }
}

async function tellServer(): Promise<void> {
  const token = pendingToken();
  if (!token) return;
  try {
    await driverLogout(token);
  } catch (error) {
    const failure = await readCallFailure(error);
    // No answer or the server failing: it waits. Any other answer (401: ended already) settles it.
    if (failure.kind !== 'http' || failure.status >= 500) return;
  }
  if (pendingToken() === token) setPendingToken(null);
}

let sending: Promise<void> | undefined;

/** Tells the server of a sign-out that has not reached it yet; without network it waits for the next try. */
export function sendPendingSignOut(): Promise<void> {
  // Cleared in a callback of its own: with nothing to send, the run ends before `sending` is even set.
  sending ??= tellServer().finally(() => {
    sending = undefined;
  });
  return sending;
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  const token = getDriverToken();
  if (token) setPendingToken(token);
  rememberAvailable(false);
  await clearDriverData(DRIVER_USER).catch(() => undefined);
  queryClient.clear();
  clearDriverToken();
  // Before the logout ends the token: the server forgets this phone, and the browser its subscription.
  if (token) await forgetDeviceAtLogout(token, config.apiUrl, 'driver/push/unsubscribe').catch(() => undefined);
  await sendPendingSignOut();
}
