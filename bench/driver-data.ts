/**
 * The data a driver's phone spends on a task (issue 64, docs/performance.md 'A driver on a
 * task'): the built driver's app on a 375 px phone, signed in, online, notifications allowed,
 * its task on the way and its screen open (the screen kept on), the position moving at 10 m/s, for WINDOW_MS; every
 * byte the page sends (request line, headers, body) and receives (Chromium's encoded length:
 * headers and body) is counted through the DevTools protocol, then scaled to an hour.
 */
import { randomBytes } from 'node:crypto';
import { launchChromium, loopbackContext } from './browser';
import type { Row } from './report';
import { benchDist } from './serve';
import { startServer } from '../server/index';

const WINDOW_MS = 120_000;
const MOVE_EVERY_MS = 5_000;
const START = { lat: 6.52, lng: 3.37 };

export interface DriverData {
  windowMs: number;
  sentBytes: number;
  receivedBytes: number;
  requests: number;
  /** Both ways, scaled to an hour. */
  bytesPerHour: number;
}

async function call<T>(url: string, path: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const answer = await fetch(new URL(path, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as { data: T; message?: string };
  if (!answer.ok) throw new Error(`bench: ${path} answered ${answer.status}: ${json.message}`);
  return json.data;
}

/** A client's paid pickup, given by the operator to a new driver who set off: the driver's token and the task. */
async function driverOnTheWay(url: string, opsToken: string): Promise<{ token: string; taskId: string }> {
  const ops = { 'X-Ops-Token': opsToken };
  const phone = `+234803${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const driver = await call<{ id: string; password: string }>(
    url,
    '/ops/drivers',
    { firstname: 'Bench', lastname: 'Driver', phone, ...START },
    ops,
  );
  const first = await call<string>(url, '/driver/login', { phone, password: driver.password });
  const token = await call<string>(
    url,
    '/driver/password',
    { currentPassword: driver.password, newPassword: 'bench-driver-password' },
    { Authorization: `Bearer ${first}` },
  );
  const email = `bench-driver-${Date.now()}@example.ng`;
  const signup = await call<{ userId: string }>(url, '/client/signup', {
    firstname: 'Ada',
    lastname: 'Obi',
    phonenumber: '+2348012345678',
    email,
    password: 'correct-horse-1',
  });
  const client = await call<string>(url, '/client/login', { email, password: 'correct-horse-1' });
  const reference = `bench-${randomBytes(6).toString('hex')}`;
  const asClient = { Authorization: `Bearer ${client}` };
  await call(url, '/dev/payments', { reference, amount: 300_000, email }, asClient);
  const task = await call<{ _id: string }>(
    url,
    '/client/create',
    {
      address: '10 Adeniran Ogunsanya Street, Surulere, Lagos',
      location: { type: 'Point', coordinates: [3.3553, 6.4926] },
      amount: 1500,
      user: signup.userId,
      reference,
      type: 'recycling',
      serviceName: 'Recycling Collection',
      unit: 'per kg',
      quantity: 2,
    },
    asClient,
  );
  const assigned = await fetch(new URL(`/ops/tasks/${task._id}/assign`, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...ops },
    body: JSON.stringify({ driverId: driver.id }),
  });
  if (!assigned.ok) throw new Error(`bench: assign answered ${assigned.status}`);
  const asDriver = { Authorization: `Bearer ${token}` };
  await call(url, '/driver/availability', { online: true }, asDriver);
  await call(url, '/driver/tasks/start', { taskId: task._id }, asDriver);
  return { token, taskId: task._id };
}

export async function measureDriverData(distDir = benchDist): Promise<DriverData> {
  const opsToken = randomBytes(24).toString('hex');
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    demo: false,
    simulator: false,
    log: false,
    distDir,
    env: { ...process.env, OPS_TOKEN: opsToken },
  });
  const browser = await launchChromium();
  try {
    const { token, taskId } = await driverOnTheWay(server.url, opsToken);
    const context = await loopbackContext(browser, server.url, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      // Offers by push on (granted): the app leans on pushes and polls its tasks once a minute.
      permissions: ['geolocation', 'notifications'],
      geolocation: { latitude: START.lat, longitude: START.lng, accuracy: 10 },
    });
    await context.addInitScript((driverToken) => {
      localStorage.setItem('driver-token', driverToken);
      localStorage.setItem('driver-online', '1');
    }, token);
    const page = await context.newPage();
    await page.goto(`/driver/tasks/${taskId}`);
    await page.getByRole('button', { name: "I've arrived" }).waitFor();
    // The app's own files (the map's chunk, loaded lazily) are a first visit's, not the hour's:
    // the count starts once the map is drawn (its chunk, about 250 kB, can start after the
    // first network quiet, and counted it made a 2-minute window 7.8 MB an hour).
    await page.waitForLoadState('networkidle');
    await page.locator('.maplibregl-canvas').first().waitFor();
    await page.waitForLoadState('networkidle');
    // From here: what a phone on the way spends, its screen open on the task.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let sentBytes = 0;
    let receivedBytes = 0;
    let requests = 0;
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      requests += 1;
      sentBytes += `${request.method} ${request.url} HTTP/1.1\r\n`.length + (request.postData?.length ?? 0);
    });
    cdp.on('Network.requestWillBeSentExtraInfo', ({ headers }) => {
      sentBytes += Object.entries(headers).reduce(
        (sum, [name, value]) => sum + name.length + String(value).length + 4,
        2,
      );
    });
    cdp.on('Network.loadingFinished', ({ encodedDataLength }) => {
      receivedBytes += encodedDataLength;
    });
    const started = Date.now();
    let step = 0;
    while (Date.now() - started < WINDOW_MS) {
      step += 1;
      // 50 m north every 5 s: 10 m/s, a car in Lagos traffic.
      await context.setGeolocation({ latitude: START.lat + (step * 50) / 111_320, longitude: START.lng, accuracy: 10 });
      await page.waitForTimeout(MOVE_EVERY_MS);
    }
    const windowMs = Date.now() - started;
    await context.close();
    return {
      windowMs,
      sentBytes,
      receivedBytes,
      requests,
      bytesPerHour: Math.round(((sentBytes + receivedBytes) * 3_600_000) / windowMs),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Issue 64's target: under 300 kB an hour on a task. */
export const DRIVER_DATA_BUDGET_KB = 300;

export function driverDataRows(data: DriverData): Row[] {
  return [
    {
      figure: 'driver on a task, moving, screen open: data sent and received per hour',
      value: Math.round(data.bytesPerHour / 1000),
      unit: 'kB',
      budget: { op: '<', limit: DRIVER_DATA_BUDGET_KB },
    },
  ];
}
