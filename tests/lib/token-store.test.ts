// @vitest-environment jsdom
/** The one token-store factory behind the client's, the driver's and the operator's tokens (src/lib/token-store.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDriverToken, getDriverToken, onDriverTokenChange, setDriverToken } from '../../src/lib/driver-token';
import { createTokenStore } from '../../src/lib/token-store';
import { getOpsToken, lastSignOutReason, setOpsToken } from '../../src/ops-console/session';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('createTokenStore', () => {
  it('keeps a token in one storage, moves it with remember: false, clears both, and tells listeners', () => {
    const store = createTokenStore('k', 'localStorage', 'sessionStorage');
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    store.set('a');
    expect([localStorage.getItem('k'), sessionStorage.getItem('k')]).toEqual(['a', null]);
    store.set('b', { remember: false });
    expect([localStorage.getItem('k'), sessionStorage.getItem('k'), store.get()]).toEqual([null, 'b', 'b']);
    store.clear();
    expect(store.get()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    store.set('c');
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('a store with one storage ignores remember: false; a storage that throws reads as no token', () => {
    const store = createTokenStore('k', 'sessionStorage');
    store.set('a', { remember: false });
    expect([sessionStorage.getItem('k'), localStorage.getItem('k')]).toEqual(['a', null]);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(store.get()).toBeNull();
  });
});

describe('the apps’ stores keep their keys', () => {
  it("the driver's: localStorage 'driver-token', listeners told of set and clear", () => {
    const heard = vi.fn();
    const stop = onDriverTokenChange(heard);
    setDriverToken('d');
    expect(localStorage.getItem('driver-token')).toBe('d');
    expect(getDriverToken()).toBe('d');
    clearDriverToken();
    expect(getDriverToken()).toBeNull();
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it("the operator's: sessionStorage 'greenpick-ops-token', a refusing storage leaves the reason said", () => {
    setOpsToken('o');
    expect(sessionStorage.getItem('greenpick-ops-token')).toBe('o');
    expect(getOpsToken()).toBe('o');
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    setOpsToken(null, 'Signed out');
    expect(lastSignOutReason()).toBe('Signed out');
  });
});
