/**
 * The driver's sign-in token, kept on the device under its own key (a phone can hold a
 * client's session and a driver's side by side; the roles differ, docs/driver.md).
 */
import { createTokenStore } from './token-store';

const store = createTokenStore('driver-token', 'localStorage');

export const getDriverToken = store.get;
export const setDriverToken = (token: string): void => store.set(token);
export const clearDriverToken = store.clear;
/** Called when the token is set or cleared (a 401 signs the driver out). */
export const onDriverTokenChange = store.subscribe;
