import { newPhone } from './support/phones';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ChatModal } from './page-models/chat-modal';
import { CreateTaskPage, TestCheckout } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { ForgotPage } from './page-models/forgot-page';
import { TaskDetailsModal } from './page-models/task-details-modal';
import { SURULERE_TASK, assignNewDriver } from './support/assigned-task';
import { signInWithToken } from './support/demo-client';
import { signUpNewClient, type NewClient } from './support/new-client';
import { createPaidTask } from './support/paid-task';
import { WITHOUT_SERVICE_WORKER } from './support/network';

test.use(WITHOUT_SERVICE_WORKER);

/**
 * Long names, e-mails and addresses wrap or truncate on the narrowest phones: no screen is
 * wider than the window at 320px and 375px. A client of its own with a very long name,
 * e-mail, bio and task address (and a driver with a long name) visits every screen and modal.
 */
const WIDTHS = [320, 375] as const;

const LONG = {
  firstname: 'Oluwaseyifunmilayo-Chukwuemekaadebayo',
  lastname: 'Ogunbanjo-Nwachukwu-Abubakar-Olanrewaju-Okonkwo',
  bio: 'Runs a small catering business from home in Lekki and books pickups twice a week; prefers the driver to call from the Admiralty Way gate. '.repeat(
    3,
  ),
  address:
    'Plot 1234, Block C, Flat 56, Oluwaseyifunmilayoadeyemiogunbanjocrescent Estate, off Admiralty Way, behind the blue-gate mosque, Lekki Phase 1, Eti-Osa Local Government Area, Lagos State, Nigeria',
  driver: { firstname: 'Abdulrahmanolatunbosun', lastname: 'Adekunle-Ogunleye-Babatunde', phone: '+2348031112222' },
};

function longEmail(): string {
  return `oluwaseyifunmilayo.chukwuemeka.adebayo.${Date.now()}${process.pid}@greenpick-customers-lagos.example.com.ng`;
}

/** The page is no wider than the window, and an open dialog no wider than itself. */
async function expectNoHorizontalOverflow(page: Page, screen: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = document.documentElement;
    const dialog = document.querySelector<HTMLElement>('dialog[open], [role="dialog"]');
    return {
      page: root.scrollWidth,
      window: root.clientWidth,
      dialog: dialog ? { content: dialog.scrollWidth, box: dialog.clientWidth } : null,
      // The widest elements, to name the culprit in a failure.
      wide: [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)}px)`,
        ),
    };
  });
  expect
    .soft(widths.page, `${screen}: the page is wider than the window; beyond its edge: ${widths.wide.join(', ')}`)
    .toBeLessThanOrEqual(widths.window);
  if (widths.dialog)
    expect
      .soft(widths.dialog.content, `${screen}: the dialog's content is wider than the dialog`)
      .toBeLessThanOrEqual(widths.dialog.box);
}

/** No button (or button-like control) reads the same as a heading on the screen (issue 48). */
async function expectNoButtonNamedLikeAHeading(page: Page, screen: string): Promise<void> {
  const shared = await page.evaluate(() => {
    const words = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
    const shown = (element: Element) => element.getClientRects().length > 0;
    const headings = new Set(
      [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(shown).map(words),
    );
    return [...document.querySelectorAll('button, [role="button"]')]
      .filter(shown)
      .map(words)
      .filter((text) => text !== '' && headings.has(text));
  });
  expect.soft(shared, `${screen}: a button reads the same as a heading`).toEqual([]);
}

async function longClient(request: APIRequestContext): Promise<NewClient> {
  const client = await signUpNewClient(request, {
    firstname: LONG.firstname,
    lastname: LONG.lastname,
    email: longEmail(),
  });
  const saved = await request.put('/api/user/profile', {
    headers: { Authorization: `Bearer ${client.token}` },
    data: {
      firstName: LONG.firstname,
      lastName: LONG.lastname,
      email: client.email,
      // One number, one client: a number of this client's own (e2e/support/phones.ts).
      phone: newPhone(),
      bio: LONG.bio.trim(),
    },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  return client;
}

for (const width of WIDTHS) {
  test.describe(`no screen wider than a ${width}px phone, with long data`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('signed-out screens', async ({ page, request }) => {
      const client = await longClient(request);
      for (const path of ['/', '/login', '/signup', '/terms', '/privacy', '/no-such-page']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expectNoHorizontalOverflow(page, path);
      }
      const forgot = await new ForgotPage(page).goto();
      await expectNoHorizontalOverflow(page, '/forgot (email)');
      // The Verify step repeats the e-mail address.
      await forgot.requestCode(client.email);
      await expect(page.getByText(client.email)).toBeVisible();
      await expectNoHorizontalOverflow(page, '/forgot (verify)');
    });

    test('signed-in screens and modals', async ({ page, request }) => {
      const client = await longClient(request);
      const task = await createPaidTask(request, client, { address: LONG.address, ...SURULERE_TASK });
      await assignNewDriver(request, task._id, LONG.driver);
      await signInWithToken(page, client.token);

      const home = await new DashboardPage(page).goto();
      await expect(home.greeting).toContainText(LONG.firstname);
      await expect(home.taskItems).toHaveCount(1);
      await expectNoHorizontalOverflow(page, 'home');
      await expectNoButtonNamedLikeAHeading(page, 'home');

      await home.task(0).getByRole('button', { name: 'View Task' }).click();
      const details = await new TaskDetailsModal(page).waitForOpen();
      await expect(details.field('Address')).toHaveText(LONG.address);
      await expect(details.field('Driver')).toContainText(LONG.driver.lastname);
      await expectNoHorizontalOverflow(page, 'task details');
      await expectNoButtonNamedLikeAHeading(page, 'task details');
      const chat: ChatModal = await details.openChat();
      await chat.input.fill('The gate is the blue one opposite the mosque, please call when you are close');
      await chat.sendButton.click();
      await expect(chat.messages).toHaveCount(1);
      await expectNoHorizontalOverflow(page, 'chat');
      await page.keyboard.press('Escape');
      await expect(chat.dialog).toBeHidden();

      for (const [path, heading] of [
        ['/client/history', 'Order History'],
        ['/client/profile', 'Profile'],
        ['/client/edit', 'Edit Profile'],
        ['/client/referal', 'Referral'],
        ['/client/settings', 'Settings'],
        ['/client/subscribe', 'Choose Your Plan'],
        ['/client/points', 'Your Points'],
        ['/client/schedules', 'Recurring pickups'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page, path);
        await expectNoButtonNamedLikeAHeading(page, path);
      }

      await new DashboardPage(page).goto();
      await home.service('Office & Commercial Cleaning').click();
      const create = await new CreateTaskPage(page).expectShown('Office & Commercial Cleaning');
      await expectNoHorizontalOverflow(page, 'create');
      await expectNoButtonNamedLikeAHeading(page, 'create');
      await create.chooseAddress('Yaba', /Yaba/);
      await expectNoHorizontalOverflow(page, 'create with a place');
      await create.proceedButton.click();
      const checkout = new TestCheckout(page);
      await expect(checkout.dialog).toContainText(client.email);
      await expectNoHorizontalOverflow(page, 'test checkout');
    });
  });
}
