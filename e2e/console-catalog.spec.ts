import { expect, test, type Page } from '@playwright/test';
import { CreateTaskPage } from './page-models/create-task-page';
import { DashboardPage } from './page-models/dashboard-page';
import { OpsConsole } from './page-models/ops-console';
import { SubscribePage } from './page-models/subscribe-page';
import { signInWithToken } from './support/demo-client';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { signUpNewClient } from './support/new-client';
import { addOperator, OPERATOR_PASSWORD } from './support/operators';

/**
 * The admin runs the business from the console (issue 65): a service added on the Services
 * screen is bookable in the client's app at its own price and unit, and a plan added on the
 * Plans screen is offered and bought at its price, all without a deploy. The service and the
 * plan are this test's own (workers share one server), listed last.
 */
test.use(WITHOUT_SERVICE_WORKER);
test.use({ viewport: { width: 1280, height: 900 } });

let counter = 0;
const unique = () => `${Date.now().toString(36)}${process.pid}${++counter}`;

async function signInAsAdmin(page: Page): Promise<OpsConsole> {
  const admin = await addOperator(page.request, 'admin');
  return new OpsConsole(page).firstSignIn(admin.email, admin.password, OPERATOR_PASSWORD);
}

test('a service the admin adds in the console is booked in the client app at its own price and unit', async ({
  page,
  request,
}) => {
  const tag = `cart-${unique()}`;
  const name = `Cart ${tag.slice(-6)}`;
  const ops = await signInAsAdmin(page);
  await ops.open('Services');
  const panel = page.locator('details.ops-panel');
  await panel.getByText('Add a service').click();
  await panel.getByLabel("Key (the app's tag)").fill(tag);
  await panel.getByLabel('Price-list name').fill(`Cart Removal ${tag.slice(-6)}`);
  await panel.getByLabel('Name shown').fill(name);
  await panel.getByLabel('Price (naira)').fill('1200');
  await panel.getByLabel('Unit', { exact: true }).fill('per cart');
  await panel.getByLabel('Unit word').fill('carts');
  await panel.getByLabel('Least (blank: one at a time)').fill('1');
  await panel.getByLabel('Most').fill('5');
  await panel.getByLabel('Step').fill('1');
  await panel.getByLabel('Place in the list').fill('950');
  await panel.getByRole('button', { name: 'Add service' }).click();
  await expect(panel.getByRole('status')).toHaveText(`${name} saved.`);
  await expect(page.getByRole('row').filter({ hasText: tag })).toContainText('₦1,200.00 per cart');

  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  await new CreateTaskPage(page).bookCounted({
    service: name,
    price: '₦1,200.00',
    unit: 'per cart',
    question: 'How many carts?',
    count: 2,
    total: '2,400.00',
  });
});

test('a plan the admin adds in the console is offered on the subscribe screen and bought at its price', async ({
  page,
  request,
}) => {
  const key = `tin-${unique()}`;
  const name = `Tin ${key.slice(-6)}`;
  const ops = await signInAsAdmin(page);
  await ops.open('Plans');
  const panel = page.locator('details.ops-panel');
  await panel.getByText('Add a plan').click();
  await panel.getByLabel('Key').fill(key);
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Price (naira)').fill('12500');
  await panel.getByLabel('Length (months)').fill('1');
  await panel.getByLabel('Features (one a line)').fill('waste pickup\nbasic support');
  await panel
    .getByLabel(/^Included each month/)
    .fill('household | 6 |  | household waste pickups | pickups\nlaundry | 5 | kg | laundry & dry cleaning');
  await panel.getByLabel('Place in the list').fill('950');
  await panel.getByRole('button', { name: 'Add plan' }).click();
  await expect(panel.getByRole('status')).toHaveText(`${name} saved: new subscriptions get it.`);
  await expect(page.getByRole('row').filter({ hasText: key })).toContainText('₦12,500.00 / 1 month');

  const client = await signUpNewClient(request);
  await signInWithToken(page, client.token);
  const subscribe = await new SubscribePage(page).goto();
  const card = page.locator('label.plan-option', {
    has: page.getByRole('radio', { name }),
  });
  await expect(card).toContainText('₦12,500.00');
  await expect(card).toContainText('6 household waste pickups');
  await expect(card).toContainText('5 kg laundry & dry cleaning');
  await page.getByRole('radio', { name }).check();
  await subscribe.subscribeButton.click();
  await expect(subscribe.checkout.getByRole('button', { name: 'Pay NGN 12,500.00' })).toBeVisible();
  await subscribe.payWithTestCheckout();
  await expect(page.getByText('Subscription activated successfully!')).toBeVisible();
  const home = new DashboardPage(page);
  await expect(page).toHaveURL(/\/client\/home$/);
  await expect(home.planCard).toContainText(name);
  await expect(home.planCard).toContainText('6 of 6 pickups left this month');
});
