/** Reads the app's IndexedDB (src/shared/offline-db.ts: database `greenpick`) from a page, to check what waits on the device. */
import { expect, type Page } from '@playwright/test';

export async function countInStore(page: Page, store: 'answers' | 'outbox' | 'pendingTasks'): Promise<number> {
  return (await readStore(page, store, 'keys')).length;
}

/** Rounds of the app's paid-task replay finished since the page loaded (`data-paid-task-replays`, src/lib/pending-tasks.ts). */
function paidTaskReplayRounds(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.documentElement.getAttribute('data-paid-task-replays') ?? 0));
}

/**
 * Sets a replay round off (`trigger`, e.g. the network coming back) and waits until one has
 * finished since: whatever the app would send again, it has sent by then.
 */
export async function afterPaidTaskReplay(page: Page, trigger: () => Promise<unknown>): Promise<void> {
  // The app's start round first: its 'online' listener is in place once that one is done.
  await expect.poll(() => paidTaskReplayRounds(page)).toBeGreaterThan(0);
  const before = await paidTaskReplayRounds(page);
  await trigger();
  await expect.poll(() => paidTaskReplayRounds(page)).toBeGreaterThan(before);
}

/** Everything in one store of the app's IndexedDB (values, or keys); nothing when it does not exist yet. */
function readStore(page: Page, store: string, what: 'values' | 'keys'): Promise<unknown[]> {
  return page.evaluate(
    async ([name, part]) => {
      if (!(await indexedDB.databases()).some((database) => database.name === 'greenpick')) return [];
      return new Promise<unknown[]>((resolve, reject) => {
        const opening = indexedDB.open('greenpick');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const objects = db.transaction(name).objectStore(name);
          const reading = part === 'keys' ? objects.getAllKeys() : objects.getAll();
          reading.onsuccess = () => {
            db.close();
            resolve(reading.result as unknown[]);
          };
          reading.onerror = () => reject(reading.error);
        };
      });
    },
    [store, what] as const,
  );
}

/** Whether a response cached on the device (store `answers`) contains `text`. */
export async function isCachedOnDevice(page: Page, text: string): Promise<boolean> {
  return (await readStore(page, 'answers', 'values')).some((entry) => JSON.stringify(entry).includes(text));
}

/** The payment references of the paid tasks kept on the device (store `pendingTasks`), waiting for the server. */
export async function pendingTaskReferences(page: Page): Promise<string[]> {
  return (await readStore(page, 'pendingTasks', 'keys')).map(String);
}
