/**
 * Demo data (DEMO=1): the demo client with a task in each status, drivers, chat messages and
 * bell events, written once in one transaction and recorded like real paid tasks, so the demo
 * obeys the same rules as real data (docs/operations.md, 'Demo data and the driver simulator').
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { TaskStatus } from '../../src/shared/contract';
import { serviceKey } from '../../src/shared/service-key';
import { hashPassword } from '../accounts/passwords';
import type { Db, Queryable } from './connection';
import { SEED_SERVICES } from '../../src/shared/pricing';
import { addPoints } from './points';
import { ADVISORY_LOCKS, takeTransactionLock } from './advisory-locks';

export const DEMO_EMAIL = 'demo@greenpick.ng';
export const DEMO_PASSWORD = 'demo1234';
/** Every demo driver's password (printed by `npm start`); no change asked, so a demo signs in at once. */
export const DEMO_DRIVER_PASSWORD = 'driver1234';

export const DEMO_CLIENT = {
  firstname: 'Ada',
  lastname: 'Okafor',
  phonenumber: '+2348031234567',
  referralCode: 'ADAOKAFOR',
  /** Recycle tokens, kobo (₦125.50). */
  balanceKobo: 12_550,
  bio: 'Keeping Yaba clean, one pickup at a time.',
} as const;

type DriverKey = 'yaba' | 'lekki' | 'ikeja' | 'surulere';

export const DEMO_DRIVERS: Record<
  DriverKey,
  {
    firstname: string;
    lastname: string;
    phone: string;
    lat: number;
    lng: number;
    vehicle: string;
    plate: string;
    /** Stars the demo driver was given before. */
    rating: number[];
  }
> = {
  yaba: {
    firstname: 'Emeka',
    lastname: 'Nwosu',
    phone: '+2348052140917',
    lat: 6.5158,
    lng: 3.3782,
    vehicle: 'Toyota Hiace, white',
    plate: 'KJA-123XY',
    rating: [5, 4, 5, 5],
  },
  lekki: {
    firstname: 'Tunde',
    lastname: 'Bakare',
    phone: '+2348067341120',
    lat: 6.4479,
    lng: 3.4717,
    vehicle: 'Nissan Urvan, blue',
    plate: 'LND-482KT',
    rating: [4, 5, 4],
  },
  ikeja: {
    firstname: 'Ibrahim',
    lastname: 'Musa',
    phone: '+2347039925584',
    lat: 6.6018,
    lng: 3.3515,
    vehicle: 'Isuzu NPR tipper, green',
    plate: 'IKJ-907AB',
    rating: [5, 5, 4, 5, 5],
  },
  surulere: {
    firstname: 'Bisi',
    lastname: 'Adeyemi',
    phone: '+2348023456781',
    lat: 6.4969,
    lng: 3.3481,
    vehicle: 'Piaggio Ape tricycle, yellow',
    plate: 'SRL-215GH',
    rating: [4, 5],
  },
};

type ServiceName = string;

interface DemoTask {
  status: TaskStatus;
  serviceName: ServiceName;
  address: string;
  lat: number;
  lng: number;
  minutesAgo: number;
  driver: DriverKey | null;
  /** Chat, oldest first, each with its age in minutes. */
  messages?: { sender: 'user' | 'driver'; content: string; minutesAgo: number }[];
  /** The status changes the bell lists, oldest first, each with its age in minutes. */
  events?: { status: TaskStatus; minutesAgo: number }[];
}

/** The demo client has read the bell's events up to this many minutes ago. */
export const DEMO_EVENTS_READ_MINUTES_AGO = 30;

const DAY = 24 * 60;

export const DEMO_TASKS: DemoTask[] = [
  {
    status: 'completed',
    serviceName: 'Household Waste Pickup',
    address: '12 Herbert Macaulay Way, Yaba, Lagos',
    lat: 6.5003,
    lng: 3.3779,
    minutesAgo: 24 * DAY + 95,
    driver: 'yaba',
    events: [
      { status: 'driver-assigned', minutesAgo: 24 * DAY + 90 },
      { status: 'on-going', minutesAgo: 24 * DAY + 60 },
      { status: 'completed', minutesAgo: 24 * DAY + 30 },
    ],
  },
  {
    status: 'completed',
    serviceName: 'Recycling Collection',
    address: '45 Allen Avenue, Ikeja, Lagos',
    lat: 6.6012,
    lng: 3.3532,
    minutesAgo: 13 * DAY + 310,
    driver: 'ikeja',
    events: [
      { status: 'driver-assigned', minutesAgo: 13 * DAY + 300 },
      { status: 'on-going', minutesAgo: 13 * DAY + 270 },
      { status: 'completed', minutesAgo: 13 * DAY + 240 },
    ],
  },
  {
    status: 'cancelled',
    serviceName: 'Garden Waste Collection',
    address: '8 Bourdillon Road, Ikoyi, Lagos',
    lat: 6.4484,
    lng: 3.435,
    minutesAgo: 8 * DAY + 45,
    driver: null,
    events: [{ status: 'cancelled', minutesAgo: 8 * DAY + 40 }],
  },
  {
    status: 'on-going',
    serviceName: 'Office Cleaning',
    address: '15 Admiralty Way, Lekki Phase 1, Lagos',
    lat: 6.4474,
    lng: 3.4723,
    minutesAgo: 50,
    driver: 'lekki',
    events: [
      { status: 'driver-assigned', minutesAgo: 45 },
      { status: 'on-going', minutesAgo: 6 },
    ],
    messages: [
      {
        sender: 'driver',
        content: "Hello Ada, Tunde from GreenPick here. I'm on my way to Admiralty Way.",
        minutesAgo: 44,
      },
      {
        sender: 'user',
        content: 'Great, thank you. Please ask for me at the reception on the 3rd floor.',
        minutesAgo: 40,
      },
      { sender: 'driver', content: "I'm downstairs now, coming up to the 3rd floor.", minutesAgo: 6 },
    ],
  },
  {
    status: 'driver-assigned',
    serviceName: 'Bulk Waste Removal',
    address: '10 Adeniran Ogunsanya Street, Surulere, Lagos',
    lat: 6.4926,
    lng: 3.3553,
    minutesAgo: 25,
    driver: 'yaba',
    events: [{ status: 'driver-assigned', minutesAgo: 20 }],
    messages: [
      {
        sender: 'driver',
        content: "Hello Ada, this is Emeka from GreenPick. I've been assigned your bulk waste pickup.",
        minutesAgo: 20,
      },
      { sender: 'user', content: "Thanks! It's an old fridge and two mattresses by the gate.", minutesAgo: 18 },
      { sender: 'driver', content: "No problem, I'll bring a helper. Leaving Yaba now.", minutesAgo: 17 },
    ],
  },
  {
    status: 'pending',
    serviceName: 'Laundry Service',
    address: '22 Awolowo Way, Ikeja, Lagos',
    lat: 6.5966,
    lng: 3.3532,
    minutesAgo: 3,
    driver: null,
  },
];

function confirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Like the app's references: the payment time in ms plus a short random suffix. */
function paymentReference(at: Date): string {
  return `${at.getTime()}-${randomBytes(3).toString('hex')}`;
}

export async function seedDemo(db: Db, now: Date = new Date()): Promise<void> {
  await seedDemoData(db, now);
  await ensureDemoDriverAccounts(db);
}

/**
 * The demo drivers can sign in (also in a demo database written before drivers could): they are
 * marked demo and get the demo password unless they have one already (someone changed it).
 */
async function ensureDemoDriverAccounts(db: Queryable): Promise<void> {
  await db.query(
    `update drivers set demo = true, must_change_password = case when password_hash is null then false else must_change_password end,
            password_hash = coalesce(password_hash, $2)
      where phone = any($1::text[])`,
    [Object.values(DEMO_DRIVERS).map((driver) => driver.phone), await hashPassword(DEMO_DRIVER_PASSWORD)],
  );
}

async function seedDemoData(db: Db, now: Date): Promise<void> {
  if (await demoClientExists(db)) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    // Servers started together on one empty database take turns; the first one writes.
    await takeTransactionLock(tx, ADVISORY_LOCKS.demoSeed);
    if (await demoClientExists(tx)) return;
    const clientId = randomUUID();
    await tx.query(
      `insert into users (id, email, password_hash, firstname, lastname, phonenumber, bio, referral_code, notification, balance_kobo, created_at, events_read_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, true, $9, $10, $11)`,
      [
        clientId,
        DEMO_EMAIL,
        passwordHash,
        DEMO_CLIENT.firstname,
        DEMO_CLIENT.lastname,
        DEMO_CLIENT.phonenumber,
        DEMO_CLIENT.bio,
        DEMO_CLIENT.referralCode,
        0,
        minutesBefore(now, 30 * DAY),
        minutesBefore(now, DEMO_EVENTS_READ_MINUTES_AGO),
      ],
    );

    // The balance is the sum of the ledger: the demo's tokens came from referrals.
    await addPoints(tx, { userId: clientId, kind: 'referral', amountKobo: DEMO_CLIENT.balanceKobo });

    const driverIds = {} as Record<DriverKey, string>;
    for (const [key, driver] of Object.entries(DEMO_DRIVERS) as [DriverKey, (typeof DEMO_DRIVERS)[DriverKey]][]) {
      driverIds[key] = randomUUID();
      // Photos are the server's own initials avatars (GET /driver/photo/<id>): no network in a demo.
      // Online from the start: Ibrahim and Bisi free (a new booking reaches them), Emeka and Tunde on their tasks.
      await tx.query(
        `insert into drivers (id, firstname, lastname, phone, lat, lng, vehicle, plate, photo_url, rating_sum, rating_count, online)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true)`,
        [
          driverIds[key],
          driver.firstname,
          driver.lastname,
          driver.phone,
          driver.lat,
          driver.lng,
          driver.vehicle,
          driver.plate,
          `/driver/photo/${driverIds[key]}`,
          driver.rating.reduce((sum, stars) => sum + stars, 0),
          driver.rating.length,
        ],
      );
    }

    for (const task of DEMO_TASKS)
      await insertDemoTask(tx, task, clientId, task.driver ? driverIds[task.driver] : null, now);
  });
}

async function demoClientExists(db: Queryable): Promise<boolean> {
  return (await db.query('select 1 from users where email = $1', [DEMO_EMAIL])).length > 0;
}

function minutesBefore(now: Date, minutes: number): Date {
  return new Date(now.getTime() - minutes * 60_000);
}

async function insertDemoTask(
  tx: Queryable,
  task: DemoTask,
  clientId: string,
  driverId: string | null,
  now: Date,
): Promise<void> {
  const price = SEED_SERVICES.find((item) => item.serviceName === task.serviceName)!;
  const at = minutesBefore(now, task.minutesAgo);
  const reference = paymentReference(at);
  const taskId = randomUUID();
  await tx.query(
    `insert into payment_uses (reference, purpose, user_id, amount_kobo, created_at) values ($1, 'task', $2, $3, $4)`,
    [reference, clientId, price.priceKobo, at],
  );
  await tx.query(
    `insert into tasks (id, user_id, status, reference, address, lng, lat, datetime, type, service_name, amount_kobo, unit,
                        confirmation_code, driver_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $8)`,
    [
      taskId,
      clientId,
      task.status,
      reference,
      task.address,
      task.lng,
      task.lat,
      at,
      serviceKey(price.serviceName),
      price.serviceName,
      price.priceKobo,
      price.unit,
      confirmationCode(),
      driverId,
    ],
  );
  for (const event of task.events ?? []) {
    await tx.query(
      `insert into task_events (user_id, task_id, kind, status, service_type, service_name, created_at) values ($1, $2, 'status', $3, $4, $5, $6)`,
      [
        clientId,
        taskId,
        event.status,
        serviceKey(price.serviceName),
        price.serviceName,
        minutesBefore(now, event.minutesAgo),
      ],
    );
  }
  for (const message of task.messages ?? []) {
    await tx.query('insert into messages (id, task_id, sender, content, created_at) values ($1, $2, $3, $4, $5)', [
      randomUUID(),
      taskId,
      message.sender,
      message.content,
      minutesBefore(now, message.minutesAgo),
    ]);
  }
}
