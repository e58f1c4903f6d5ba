/** Reads the app's IndexedDB (src/shared/offline-db.ts: database `greenpick`) from a page, to check what waits on the device. */
import type { Page } from '@playwright/test';

export function countInStore(page: Page, store: 'answers' | 'outbox' | 'pendingTasks'): Promise<number> {
  return page.evaluate(async (name) => {
    // Opening a database that does not exist would create it empty (and the app could not upgrade it).
    if (!(await indexedDB.databases()).some((database) => database.name === 'greenpick')) return 0;
    return new Promise<number>((resolve, reject) => {
      const opening = indexedDB.open('greenpick');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains(name)) {
          db.close();
          resolve(0);
          return;
        }
        const counting = db.transaction(name).objectStore(name).count();
        counting.onsuccess = () => {
          db.close();
          resolve(counting.result);
        };
        counting.onerror = () => reject(counting.error);
      };
    });
  }, store);
}

/** Whether a response cached on the device (store `answers`) contains `text`. */
export function isCachedOnDevice(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'greenpick')) return false;
    return new Promise<boolean>((resolve, reject) => {
      const opening = indexedDB.open('greenpick');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains('answers')) {
          db.close();
          resolve(false);
          return;
        }
        const reading = db.transaction('answers').objectStore('answers').getAll();
        reading.onsuccess = () => {
          db.close();
          resolve(reading.result.some((entry) => JSON.stringify(entry).includes(wanted)));
        };
        reading.onerror = () => reject(reading.error);
      };
    });
  }, text);
}

/** The payment references of the paid tasks kept on the device (store `pendingTasks`), waiting for the server. */
export function pendingTaskReferences(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'greenpick')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const opening = indexedDB.open('greenpick');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains('pendingTasks')) {
          db.close();
          resolve([]);
          return;
        }
        const reading = db.transaction('pendingTasks').objectStore('pendingTasks').getAllKeys();
        reading.onsuccess = () => {
          db.close();
          resolve(reading.result.map(String));
        };
        reading.onerror = () => reject(reading.error);
      };
    });
  });
}
