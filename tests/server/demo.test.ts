import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceKey } from '../../src/shared/service-key';
import { verifyPassword } from '../../server/accounts/passwords';
import { DEMO_DRIVERS, DEMO_DRIVER_PASSWORD, DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../server/db/demo';
import { SEED_SERVICES } from '../../src/shared/pricing';
import { findUserByEmail, toUser } from '../../server/db/users';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ config: { demo: true } });
});
afterAll(() => server.close());

const count = async (sql: string, params: unknown[] = []) =>
  (await server.deps.db.query<{ count: number }>(sql, params))[0].count;

interface TaskRow {
  id: string;
  status: string;
  reference: string;
  address: string;
  lat: number;
  lng: number;
  datetime: Date;
  type: string;
  service_name: string;
  amount_kobo: string;
  unit: string;
  confirmation_code: string;
  driver_id: string | null;
}

async function demoTasks(): Promise<TaskRow[]> {
  return server.deps.db.query<TaskRow>(
    'select t.* from tasks t join users u on u.id = t.user_id where u.email = $1 order by t.datetime',
    [DEMO_EMAIL],
  );
}

describe('demo data (DEMO=1)', () => {
  it('the demo client Ada Okafor can log in with the demo password', async () => {
    const row = await findUserByEmail(server.deps.db, DEMO_EMAIL);
    expect(row).toBeDefined();
    expect(await verifyPassword(DEMO_PASSWORD, row!.password_hash!)).toBe(true);
    expect(await verifyPassword('wrong-password', row!.password_hash!)).toBe(false);
    const user = toUser(row!);
    expect(user).toMatchObject({
      firstname: 'Ada',
      lastname: 'Okafor',
      phonenumber: '+2348031234567',
      balance: 125.5,
      notification: true,
      subscription: null,
    });
    expect(user.referralCode).toMatch(/^[A-Z0-9]{4,}$/);
  });

  it('has four drivers with Nigerian phones, placed in Lagos, online: two free and two on a task', async () => {
    const drivers = await server.deps.db.query<{ firstname: string; phone: string; lat: number; lng: number }>(
      'select * from drivers',
    );
    expect(drivers).toHaveLength(4);
    const free = await server.deps.db.query(
      `select d.id from drivers d where d.online and not exists (
         select 1 from tasks t where t.driver_id = d.id and t.status in ('driver-assigned', 'on-going'))`,
    );
    expect(free).toHaveLength(2);
    const busy = await server.deps.db.query(
      `select d.id from drivers d where d.online and exists (
         select 1 from tasks t where t.driver_id = d.id and t.status in ('driver-assigned', 'on-going'))`,
    );
    expect(busy).toHaveLength(2);
    for (const driver of drivers) {
      expect(driver.phone).toMatch(/^\+234\d{10}$/);
      expect(driver.lat).toBeGreaterThan(6.4);
      expect(driver.lat).toBeLessThan(6.7);
      expect(driver.lng).toBeGreaterThan(3.2);
      expect(driver.lng).toBeLessThan(3.7);
    }
  });

  it('has a task in each status: 1 pending, 1 driver-assigned, 1 on-going, 2 completed, 1 cancelled', async () => {
    const counts: Record<string, number> = {};
    for (const task of await demoTasks()) counts[task.status] = (counts[task.status] ?? 0) + 1;
    expect(counts).toEqual({ pending: 1, 'driver-assigned': 1, 'on-going': 1, completed: 2, cancelled: 1 });
  });

  it('tasks follow the price list, carry 6-digit codes, Lagos addresses and drivers where the status needs one', async () => {
    for (const task of await demoTasks()) {
      const price = SEED_SERVICES.find((item) => item.serviceName === task.service_name);
      expect(price, task.service_name).toBeDefined();
      expect(task.type).toBe(serviceKey(task.service_name));
      expect(Number(task.amount_kobo)).toBe(price!.priceKobo);
      expect(task.unit).toBe(price!.unit);
      expect(task.confirmation_code).toMatch(/^\d{6}$/);
      expect(task.address).toMatch(/, Lagos$/);
      expect(task.lat).toBeGreaterThan(6.4);
      expect(task.lng).toBeGreaterThan(3.2);
      expect(task.driver_id !== null).toBe(['driver-assigned', 'on-going', 'completed'].includes(task.status));
    }
  });

  it('datetimes are spread over the past weeks', async () => {
    const times = (await demoTasks()).map((task) => new Date(task.datetime).getTime());
    const now = Date.now();
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(now - Math.min(...times)).toBeGreaterThan(14 * 24 * 3600_000);
    expect(new Set(times).size).toBe(times.length);
  });

  it('each task reference is recorded as a task payment of its price', async () => {
    for (const task of await demoTasks()) {
      const [use] = await server.deps.db.query<{ purpose: string; amount_kobo: string }>(
        'select * from payment_uses where reference = $1',
        [task.reference],
      );
      expect(use, task.reference).toBeDefined();
      expect(use.purpose).toBe('task');
      expect(Number(use.amount_kobo)).toBe(Number(task.amount_kobo));
    }
  });

  it('the driver-assigned and on-going tasks have a chat with both the user and the driver', async () => {
    for (const task of (await demoTasks()).filter((item) => ['driver-assigned', 'on-going'].includes(item.status))) {
      const messages = await server.deps.db.query<{ sender: string; created_at: Date }>(
        'select sender, created_at from messages where task_id = $1 order by created_at',
        [task.id],
      );
      expect(new Set(messages.map((message) => message.sender))).toEqual(new Set(['user', 'driver']));
      // The driver had the last word, so the simulator has nothing to answer.
      expect(messages.at(-1)!.sender).toBe('driver');
      expect(new Date(messages[0].created_at).getTime()).toBeGreaterThan(new Date(task.datetime).getTime());
    }
  });

  it('the demo client signs in through the API and sees its tasks, chats and driver positions in the contract shape', async () => {
    const login = await server.request('POST', '/client/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token: string = login.body.data;
    const me = await server.request('POST', '/client/userdata', { token, body: {} });
    const tasks = await server.request('POST', '/client/task', { token, body: { userId: me.body.data._id } });
    expect(tasks.status).toBe(200);
    expect(tasks.body.data).toHaveLength(6);
    const ongoing = tasks.body.data.find((task: { status: string }) => task.status === 'on-going');
    expect(ongoing).toMatchObject({
      location: { type: 'Point' },
      driver: { firstname: expect.any(String), phone: expect.stringMatching(/^\+234/) },
    });
    const chat = await server.request('POST', '/client/getMessages', { token, body: { taskId: ongoing._id } });
    expect(chat.body.data.messages.length).toBeGreaterThanOrEqual(2);
    const location = await server.request('GET', `/driver/location/${ongoing.driverId}`, { token });
    expect(location.status).toBe(200);
    expect(location.body.data.location.coordinates).toHaveLength(2);
  });

  it('seeding again changes nothing', async () => {
    const tables = ['users', 'drivers', 'tasks', 'messages', 'payment_uses'];
    const before = await Promise.all(tables.map((table) => count(`select count(*)::int as count from ${table}`)));
    const userBefore = await findUserByEmail(server.deps.db, DEMO_EMAIL);
    await seedDemo(server.deps.db);
    await seedDemo(server.deps.db);
    const after = await Promise.all(tables.map((table) => count(`select count(*)::int as count from ${table}`)));
    expect(after).toEqual(before);
    expect(await findUserByEmail(server.deps.db, DEMO_EMAIL)).toEqual(userBefore);
  });

  it('the demo drivers sign in with the printed password, no change asked; from then on they are no longer simulated', async () => {
    const { phone } = DEMO_DRIVERS.lekki;
    const login = await server.request('POST', '/driver/login', { body: { phone, password: DEMO_DRIVER_PASSWORD } });
    expect(login.status).toBe(200);
    const offers = await server.request('POST', '/driver/offers', { token: login.body.data, body: {} });
    expect(offers.status).toBe(200);
    const rows = await server.deps.db.query<{ demo: boolean; signed_in: boolean }>(
      'select demo, signed_in_at is not null as signed_in from drivers where phone = $1',
      [phone],
    );
    expect(rows).toEqual([{ demo: true, signed_in: true }]);
  });
});
