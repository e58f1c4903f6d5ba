/**
 * The sign-in token, kept under the key `token` (docs/product.md, Accounts). Remember me (the default)
 * keeps it in localStorage so it outlives the browser session; unchecked, it goes to
 * sessionStorage. Only one of the two ever holds it. Nothing else touches these keys.
 */
import { createTokenStore } from './token-store';

export const TOKEN_KEY = 'token';

const store = createTokenStore(TOKEN_KEY, 'localStorage', 'sessionStorage');

export const getToken = store.get;
export const setToken = store.set;
export const clearToken = store.clear;

export function hasToken(): boolean {
  return getToken() !== null;
}
