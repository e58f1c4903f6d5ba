/**
 * The driver's worker (sw/driver/push.ts): one notification per event and task, an offer that
 * ended left out, the driver's own pages only, and a tap opening the offer in an open window.
 */
import { describe, expect, it, vi } from 'vitest';
import { driverPushNotice, openDriverNotification, showDriverPush } from '../../sw/driver/push';

const ORIGIN = 'https://app.test';
const NOW = Date.parse('2026-12-07T10:00:00.000Z');

const offer = {
  kind: 'offer',
  taskId: 't1',
  title: 'New pickup: earn ₦1,050.00',
  body: 'Household Waste Pickup at 3 Awolowo Road. Tap to answer.',
  tag: 'ignored',
  url: 'https://evil.example/phish',
  expiresAt: '2026-12-07T10:00:45.000Z',
};

function registration() {
  const shown: Array<{ title: string; options: NotificationOptions & { requireInteraction?: boolean } }> = [];
  return {
    shown,
    registration: {
      showNotification: vi.fn(async (title: string, options: NotificationOptions = {}) => {
        shown.push({ title, options });
      }),
    } as unknown as Pick<ServiceWorkerRegistration, 'showNotification'>,
  };
}

describe("the driver's worker", () => {
  it('shows an offer tagged per event, staying until answered, opening the offer whatever the payload says', async () => {
    const { shown, registration: reg } = registration();
    await showDriverPush(offer, { registration: reg, now: NOW });
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toBe('New pickup: earn ₦1,050.00');
    expect(shown[0].options).toMatchObject({
      tag: 'offer-t1',
      data: { url: '/driver/offer?task=t1' },
      requireInteraction: true,
    });
    await showDriverPush({ ...offer, kind: 'cancelled', expiresAt: undefined }, { registration: reg, now: NOW });
    expect(shown[1].options).toMatchObject({
      tag: 'cancelled-t1',
      data: { url: '/driver/' },
      requireInteraction: false,
    });
  });

  it('leaves out an offer that ended and anything not ours', async () => {
    const { shown, registration: reg } = registration();
    await showDriverPush(offer, { registration: reg, now: Date.parse(offer.expiresAt) });
    await showDriverPush({ ...offer, kind: 'driver-assigned' }, { registration: reg, now: NOW });
    await showDriverPush('hello', { registration: reg, now: NOW });
    expect(shown).toEqual([]);
    expect(driverPushNotice(offer)).toEqual({ type: 'DRIVER_PUSH_RECEIVED', kind: 'offer', taskId: 't1' });
    expect(driverPushNotice({ kind: 'nope' })).toBeNull();
  });

  it('a tap opens the driver page in the open window, else a new one; never another address', async () => {
    const window = {
      id: 'w1',
      focused: false,
      visibilityState: 'hidden' as DocumentVisibilityState,
      navigate: vi.fn(async () => window),
      focus: vi.fn(async () => window),
    };
    const clients = { matchAll: vi.fn(async () => [window]), openWindow: vi.fn(async () => null) };
    const close = vi.fn();
    await openDriverNotification({ data: { url: '/driver/offer?task=t1' }, close }, clients, ORIGIN);
    expect(close).toHaveBeenCalled();
    expect(window.navigate).toHaveBeenCalledWith(`${ORIGIN}/driver/offer?task=t1`);
    expect(window.focus).toHaveBeenCalled();

    const none = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await openDriverNotification({ data: { url: '/driver/tasks/t1' }, close }, none, ORIGIN);
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/driver/tasks/t1`);
    await openDriverNotification({ data: { url: 'https://evil.example/' }, close }, none, ORIGIN);
    await openDriverNotification({ data: { url: '/client/home' }, close }, none, ORIGIN);
    expect(none.openWindow).toHaveBeenCalledTimes(1);
  });
});
