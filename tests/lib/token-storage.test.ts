// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY, clearToken, getToken, hasToken, setToken } from '../../src/lib/token-storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('token storage (key "token")', () => {
  it('the key is "token" (business constant)', () => {
    expect(TOKEN_KEY).toBe('token');
  });

  it('Remember me checked (the default) keeps the token in localStorage', () => {
    setToken('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('abc');
  });

  it('Remember me unchecked keeps the token in sessionStorage only', () => {
    setToken('abc', { remember: false });
    expect(sessionStorage.getItem('token')).toBe('abc');
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('abc');
  });

  it('signing in again moves the token: only one storage ever holds it', () => {
    setToken('first', { remember: true });
    setToken('second', { remember: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('second');

    setToken('third', { remember: true });
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('third');
  });

  it('reads a token another part of the app stored under "token"', () => {
    localStorage.setItem('token', 'from-elsewhere');
    expect(getToken()).toBe('from-elsewhere');
    expect(hasToken()).toBe(true);
  });

  it('Logout removes the token from both storages', () => {
    localStorage.setItem('token', 'a');
    sessionStorage.setItem('token', 'b');
    clearToken();
    expect(getToken()).toBeNull();
    expect(hasToken()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
