import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { DevMailboxResponse } from '../../src/shared/contract';
import type { ChatModal } from '../page-models/chat-modal';
import { CreateTaskPage, TestCheckout } from '../page-models/create-task-page';
import { DashboardPage } from '../page-models/dashboard-page';
import { ForgotPage } from '../page-models/forgot-page';
import type { TaskDetailsModal } from '../page-models/task-details-modal';
import { createAssignedTask, openAssignedTaskDetails } from './assigned-task';
import { loginDemoClient, signInWithToken } from './demo-client';
import { DESKTOP, MOBILE } from './viewports';
import { saveHomePlace, signUpNewClient, subscribeClient } from './new-client';
import { IKEJA } from './paid-task';

/**
 * Every screen and modal of the app, each opened the way a person gets there, for the
 * accessibility and visual specs (e2e/a11y.spec.ts, e2e/visual.spec.ts). Signed-in screens
 * use the seeded demo client (read only); the modals and recovery use clients of their own.
 */
export interface Stop {
  name: string;
  open(page: Page, request: APIRequestContext): Promise<void>;
}

export const VIEWPORTS = [MOBILE, DESKTOP] as const;

/**
 * Waits for the animations that end (a toast sliding in, fading from transparent, would be
 * checked half-drawn), not for endless ones nor for a toast's timer (its progress bar).
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          return (
            animation.effect?.getComputedTiming().endTime !== Infinity &&
            !(target instanceof Element && target.matches('.Toastify__progress-bar'))
          );
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Resizes the window and waits for the layout to follow (CSS and the matchMedia-driven texts;
 * toasts move between the bottom of a phone and the top of a desktop and slide in again).
 */
export async function showAt(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const current = page.viewportSize();
  if (current?.width === viewport.width && current.height === viewport.height) return;
  await page.setViewportSize(viewport);
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await animationsDone(page);
}

/** Waits for the screen's data and for fonts, so that what is checked is what a person sees. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await animationsDone(page);
}

function publicScreen(name: string, path: string): Stop {
  return {
    name,
    async open(page) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settle(page);
    },
  };
}

function signedInScreen(name: string, path: string): Stop {
  return {
    name,
    async open(page, request) {
      await signInWithToken(page, await loginDemoClient(request));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      await settle(page);
    },
  };
}

async function openForgotVerify(
  page: Page,
  request: APIRequestContext,
): Promise<{ forgot: ForgotPage; email: string }> {
  const client = await signUpNewClient(request);
  const forgot = await new ForgotPage(page).goto();
  await forgot.requestCode(client.email);
  return { forgot, email: client.email };
}

async function mailedCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await request.get(`/dev/mailbox?email=${encodeURIComponent(email)}`);
    const { data } = (await response.json()) as DevMailboxResponse;
    const newest = data.toSorted((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
    code = newest?.text.match(/\b\d{4}\b/)?.[0];
    expect(code).toBeTruthy();
  }).toPass();
  return code as string;
}

async function openCreate(page: Page, request: APIRequestContext): Promise<CreateTaskPage> {
  await signInWithToken(page, await loginDemoClient(request));
  const home = await new DashboardPage(page).goto();
  await home.service('Household Waste Pickup').click();
  const create = await new CreateTaskPage(page).expectShown('Household Waste Pickup');
  await settle(page);
  return create;
}

async function openTaskDetails(page: Page, request: APIRequestContext): Promise<TaskDetailsModal> {
  const details = await openAssignedTaskDetails(page, await createAssignedTask(request));
  await expect(details.driverMarker).toBeVisible();
  await settle(page);
  return details;
}

export const STOPS: Stop[] = [
  publicScreen('login', '/'),
  publicScreen('login-path', '/login'),
  publicScreen('signup', '/signup'),
  publicScreen('forgot-email', '/forgot'),
  {
    name: 'forgot-verify',
    async open(page, request) {
      await openForgotVerify(page, request);
      await settle(page);
    },
  },
  {
    name: 'forgot-reset',
    async open(page, request) {
      const { forgot, email } = await openForgotVerify(page, request);
      await forgot.enterCode(await mailedCode(request, email));
      await forgot.verify();
      await expect(forgot.resetHeading).toBeVisible();
      await settle(page);
    },
  },
  publicScreen('terms', '/terms'),
  publicScreen('privacy', '/privacy'),
  publicScreen('not-found', '/no-such-page'),
  signedInScreen('home', '/client/home'),
  {
    // The bell's list, opened by a client of its own (opening marks the events read).
    name: 'home-notifications',
    async open(page, request) {
      const assigned = await createAssignedTask(request);
      await signInWithToken(page, assigned.client.token);
      const home = await new DashboardPage(page).goto();
      const list = await home.openNotifications();
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await settle(page);
    },
  },
  {
    name: 'create',
    async open(page, request) {
      await openCreate(page, request);
    },
  },
  {
    name: 'create-address-open',
    async open(page, request) {
      const create = await openCreate(page, request);
      await create.addressInput.fill('Yaba');
      await expect(create.options.first()).toBeVisible();
    },
  },
  {
    name: 'create-checkout',
    async open(page, request) {
      const create = await openCreate(page, request);
      await create.addressInput.fill('Yaba');
      await create.options.first().click();
      await expect(create.marker).toBeVisible();
      await create.proceedButton.click();
      await expect(new TestCheckout(page).dialog).toBeVisible();
      await settle(page);
    },
  },
  signedInScreen('history', '/client/history'),
  signedInScreen('profile', '/client/profile'),
  signedInScreen('edit-profile', '/client/edit'),
  signedInScreen('referral', '/client/referal'),
  signedInScreen('settings', '/client/settings'),
  signedInScreen('subscribe', '/client/subscribe'),
  {
    // A plan holder with a saved place, the new recurring pickup's form open.
    name: 'schedules',
    async open(page, request) {
      const client = await signUpNewClient(request);
      await subscribeClient(request, client, 'bronze');
      await saveHomePlace(request, client, { ...IKEJA, addressDetails: 'Blue gate' });
      await signInWithToken(page, client.token);
      await page.goto('/client/schedules');
      await page.getByRole('button', { name: 'New recurring pickup' }).click();
      await expect(page.getByRole('form', { name: 'New recurring pickup' })).toBeVisible();
      await settle(page);
    },
  },
  {
    name: 'task-details',
    async open(page, request) {
      await openTaskDetails(page, request);
    },
  },
  {
    name: 'chat',
    async open(page, request) {
      const details = await openTaskDetails(page, request);
      const chat: ChatModal = await details.openChat();
      await expect(chat.input).toBeVisible();
      await settle(page);
    },
  },
];
