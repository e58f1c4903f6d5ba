import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/demo';
import type { LoginResponse, LoginRequest } from '../../src/shared/contract';

/** Logs the seeded demo client in through the API (POST /client/login) and returns the token. */
export async function loginDemoClient(request: APIRequestContext): Promise<string> {
  const body: LoginRequest = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
  const response = await request.post('/client/login', { data: body });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as LoginResponse;
  expect(typeof answer.data).toBe('string');
  return answer.data;
}

/** Stores the token where the app keeps it when Remember me is checked (localStorage "token"). */
export async function storeToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

/**
 * Stores `token` on the app's origin, so the next navigation is signed in as its client. The
 * origin is opened on its logo, not on a screen: the app would start there only to be left.
 */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.goto('/icon.svg');
  await storeToken(page, token);
}
