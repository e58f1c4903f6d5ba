import { describe, expect, it, vi } from 'vitest';
import { startServiceWorker, type ServiceWorkers } from '../../src/lib/sw-start';

/** A worker and a registration as the browser gives them: state changes come as events. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeWorkers(
  options: { controlled?: boolean; installing?: FakeWorker | null; active?: boolean; registeredBefore?: boolean } = {},
) {
  const events = new EventTarget();
  const registration = { installing: options.installing ?? null, active: options.active ? new FakeWorker() : null };
  const register = vi.fn(async () => registration as unknown as ServiceWorkerRegistration);
  const workers = {
    controller: options.controlled ? ({} as ServiceWorker) : null,
    register,
    getRegistration: async () =>
      options.registeredBefore ? (registration as unknown as ServiceWorkerRegistration) : undefined,
    addEventListener: events.addEventListener.bind(events),
  } as unknown as ServiceWorkers;
  return { workers, register, takeControl: () => events.dispatchEvent(new Event('controllerchange')) };
}

function recorder() {
  const told: string[] = [];
  return {
    told,
    notices: {
      onOfflineReady: () => told.push('offline-ready'),
      onFirstControl: () => told.push('first-control'),
      loadBridge: () => told.push('bridge'),
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('starting the service worker without workbox-window on a first visit', () => {
  it('a first visit registers the worker itself; once installed it says the app works offline, once in control it reads again and loads the bridge', async () => {
    const worker = new FakeWorker();
    const { workers, register, takeControl } = fakeWorkers({ installing: worker });
    const { told, notices } = recorder();
    startServiceWorker(notices, workers, '/sw.js', '/');
    await settle();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(told).toEqual([]);

    worker.moveTo('installed');
    worker.moveTo('activating');
    worker.moveTo('activated');
    expect(told).toEqual(['offline-ready']);

    takeControl();
    takeControl();
    expect(told).toEqual(['offline-ready', 'first-control', 'bridge']);
  });

  it('a worker that fails to install says nothing', async () => {
    const worker = new FakeWorker();
    const { workers } = fakeWorkers({ installing: worker });
    const { told, notices } = recorder();
    startServiceWorker(notices, workers, '/sw.js', '/');
    await settle();
    worker.moveTo('redundant');
    expect(told).toEqual([]);
  });

  it('a page a worker controls already (a later visit) loads the bridge at once and registers nothing itself', () => {
    const { workers, register } = fakeWorkers({ controlled: true });
    const { told, notices } = recorder();
    startServiceWorker(notices, workers, '/sw.js', '/');
    expect(register).not.toHaveBeenCalled();
    expect(told).toEqual(['bridge']);
  });

  it('installed before but not controlling this page (a hard reload): no offline notice again, the bridge loads', async () => {
    const { workers } = fakeWorkers({ active: true });
    const { told, notices } = recorder();
    startServiceWorker(notices, workers, '/sw.js', '/');
    await settle();
    expect(told).toEqual(['bridge']);
  });

  it('an install another page began (the screen before a reload) is not told again here; its control still reads the screen again', async () => {
    const worker = new FakeWorker();
    const { workers, takeControl } = fakeWorkers({ installing: worker, registeredBefore: true });
    const { told, notices } = recorder();
    startServiceWorker(notices, workers, '/sw.js', '/');
    await settle();
    worker.moveTo('installed');
    worker.moveTo('activated');
    takeControl();
    expect(told).toEqual(['first-control', 'bridge']);
  });

  it('no service worker support: nothing happens', () => {
    const { told, notices } = recorder();
    startServiceWorker(notices, undefined, '/sw.js', '/');
    expect(told).toEqual([]);
  });
});
