/**
 * The texts the login screen needs before any call: in a module of their own, because the
 * login screen is in the entry chunk and the rest of the catalogue (auth-messages.ts, which
 * re-exports these) is not needed until a form is sent.
 */
export const ERROR_TOAST_MS = 5000;

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';
