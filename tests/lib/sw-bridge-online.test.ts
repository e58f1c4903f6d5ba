// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** workbox-window's Workbox as the bridge uses it: a registration that arrives when the test says so. */
const fake = vi.hoisted(() => ({
  registered: false,
  finishRegistration: () => {},
  updates: [] as Array<{ registered: boolean }>,
  failUpdates: 0,
  // Each test loads a fresh bridge; the earlier ones still listen to the window's 'online'.
  latest: undefined as object | undefined,
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor() {
      fake.latest = this;
    }
    addEventListener() {}
    register() {
      return new Promise<void>((resolve) => {
        fake.finishRegistration = () => {
          fake.registered = true;
          resolve();
        };
      });
    }
    update() {
      if (fake.latest !== this) return Promise.resolve();
      // As workbox-window does: before the registration is known, nothing happens.
      fake.updates.push({ registered: fake.registered });
      if (fake.registered && fake.failUpdates > 0) {
        fake.failUpdates -= 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return Promise.resolve();
    }
  },
}));

const notices = { onOfflineReady: () => {}, onUpdateReady: () => {} };

async function freshBridge() {
  vi.resetModules();
  return import('../../src/lib/sw-bridge');
}

beforeEach(() => {
  Object.assign(fake, { registered: false, updates: [], failUpdates: 0 });
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { addEventListener: () => {}, ready: new Promise(() => {}) },
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('the update check when the network returns', () => {
  it("an 'online' before the worker's registration is known checks once it is, not into the void", async () => {
    const { registerServiceWorker } = await freshBridge();
    registerServiceWorker(notices);
    window.dispatchEvent(new Event('online'));
    await Promise.resolve();
    expect(fake.updates).toEqual([]);
    fake.finishRegistration();
    await vi.waitFor(() => expect(fake.updates).toEqual([{ registered: true }]), { timeout: 15_000 });
  });

  it('a return noted before the bridge loaded checks once registered', async () => {
    const { registerServiceWorker } = await freshBridge();
    registerServiceWorker({ ...notices, cameOnlineBeforeLoad: true });
    fake.finishRegistration();
    await vi.waitFor(() => expect(fake.updates).toEqual([{ registered: true }]), { timeout: 15_000 });
  });

  it('a check that fails (the network not quite back) is tried again 1 and 2 s later', async () => {
    vi.useFakeTimers();
    const { registerServiceWorker } = await freshBridge();
    registerServiceWorker(notices);
    fake.finishRegistration();
    fake.failUpdates = 2;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.updates).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.updates).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fake.updates).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.updates).toHaveLength(3);
  });
});
