/**
 * A driver's history (issue 64): 60 ended tasks page back 20 at a time on the Earnings screen,
 * newest first, each once, with what each earned. On a server of its own whose database was
 * filled beforehand (60 completed pickups of a driver the operator added).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addDriver } from '../server/console/commands';
import { openDb } from '../server/db/connection';
import { migrate } from '../server/db/migrate';
import { insertClient } from '../tests/server/ops-fixtures';
import { DriverApp } from './page-models/driver-app';
import { WITHOUT_SERVICE_WORKER } from './support/network';
import { startOwnServer } from './support/own-server';

test.use(WITHOUT_SERVICE_WORKER);
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const TASKS = 60;
const PHONE = '+2348035550060';

test('60 past tasks page back 20 at a time, newest first, each once, with what each earned', async ({ browser }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'greenpick-history-'));
  const seeding = await openDb({ dataDir });
  await migrate(seeding);
  const driver = await addDriver(seeding, {
    firstname: 'Sade',
    lastname: 'History',
    phone: PHONE,
    lat: 6.52,
    lng: 3.37,
  });
  const client = await insertClient(seeding, { firstname: 'Ada' });
  // Task n ended n hours ago: '1 Allen Avenue' is the newest. ₦1,500 paid, 70 % earned: ₦1,050.
  await seeding.query(
    `insert into tasks (id, user_id, status, reference, address, lng, lat, datetime, type, service_name, amount_kobo,
                        unit, quantity, delivered_quantity, confirmation_code, driver_id, created_at, completed_at)
     select gen_random_uuid()::text, $1, 'completed', 'history-' || n, n || ' Allen Avenue, Ikeja, Lagos', 3.35, 6.6,
            now() - n * interval '1 hour', 'household', 'Household Waste Pickup', 150000, 'per pickup', 1, 1, '123456', $2,
            now() - n * interval '1 hour' - interval '30 minutes', now() - n * interval '1 hour'
       from generate_series(1, $3::int) n`,
    [client, driver.id, TASKS],
  );
  await seeding.close();
  const server = await startOwnServer(undefined, undefined, { dataDir });
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const app = new DriverApp(page);
    await app.signIn(PHONE, driver.password, 'history-road-password');
    await page.goto('/driver/earnings');
    await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();

    const past = page.getByTestId('history-task');
    const more = page.getByRole('button', { name: 'Show older tasks' });
    await expect(past).toHaveCount(20);
    await expect(past.first()).toContainText('1 Allen Avenue');
    await expect(past.first()).toContainText('Household Waste Pickup: ₦1,050.00');
    await more.click();
    await expect(past).toHaveCount(40);
    await more.click();
    await expect(past).toHaveCount(60);
    // The last page has no older one.
    await expect(more).toHaveCount(0);

    // Newest first, each task once: 1, 2, ... 60 hours ago.
    const addresses = await past.evaluateAll((cards) => cards.map((card) => card.querySelector('span')?.textContent));
    expect(addresses).toEqual(Array.from({ length: TASKS }, (_, index) => `${index + 1} Allen Avenue, Ikeja, Lagos`));
  } finally {
    await context.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
