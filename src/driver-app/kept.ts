/**
 * Reads the driver's screens open offline with (docs/driver.md, 'Offline'): each answer is
 * kept in IndexedDB (the one schema, `answers`, under the user 'driver'); when the network
 * fails the kept one is shown with its age.
 */
import type { QueryClient } from '@tanstack/react-query';
import { readCallFailure } from '../shared/call-failure';
import { getCachedResponse, putCachedResponse } from '../shared/offline-db';

/** The owner of the driver's kept answers (one driver per device). */
export const DRIVER_USER = 'driver';

export interface Kept<T> {
  data: T;
  /** When the server gave it (ms since the epoch). */
  savedAt: number;
  /** Read from the device: the network failed. */
  fromDevice: boolean;
}

export async function keptRead<T>(path: string, read: () => Promise<T>): Promise<Kept<T>> {
  try {
    const data = await read();
    const savedAt = Date.now();
    await putCachedResponse(DRIVER_USER, path, data, { savedAt }).catch(() => undefined);
    return { data, savedAt, fromDevice: false };
  } catch (error) {
    const failure = await readCallFailure(error);
    if (failure.kind === 'network') {
      const kept = await getCachedResponse<T>(DRIVER_USER, path).catch(() => undefined);
      if (kept) return { data: kept.body, savedAt: kept.savedAt, fromDevice: true };
    }
    throw error;
  }
}

export function keep<T>(path: string, data: T): Promise<void> {
  return putCachedResponse(DRIVER_USER, path, data).catch(() => undefined);
}

export async function kept<T>(path: string): Promise<T | undefined> {
  return (await getCachedResponse<T>(DRIVER_USER, path).catch(() => undefined))?.body;
}

/**
 * At the app's start (a signed-in driver, the app opened from the worker's shell): the kept
 * answer of `path` is on screen at once, marked as from the device, while the network's is read.
 */
export async function showKeptAtOnce(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  path: string,
): Promise<void> {
  const saved = await getCachedResponse(DRIVER_USER, path).catch(() => undefined);
  if (!saved || queryClient.getQueryData(queryKey) !== undefined) return;
  const kept: Kept<unknown> = { data: saved.body, savedAt: saved.savedAt, fromDevice: true };
  queryClient.setQueryData(queryKey, kept, { updatedAt: saved.savedAt });
}
