/** Rows for the ops and simulator tests, written straight to the database (no sign-up needed). */
import { randomBytes, randomUUID } from 'node:crypto';
import type { TaskStatus } from '../../src/shared/contract';
import type { Queryable } from '../../server/db/connection';
import { EVERYTHING_KEY, publishInvalidation, threadKey } from '../../server/db/poll-cache';

export async function insertClient(
  db: Queryable,
  options: { referredBy?: string; firstname?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into users (id, email, password_hash, firstname, lastname, phonenumber, referral_code, referred_by)
     values ($1, $2, 'not-a-real-hash', $3, 'Test', '+2348012345678', $4, $5)`,
    [
      id,
      `client-${id}@example.ng`,
      options.firstname ?? 'Chioma',
      `REF${randomBytes(5).toString('hex').toUpperCase()}`,
      options.referredBy ?? null,
    ],
  );
  return id;
}

/** A demo driver by default (the simulator plays only those); `demo: false` for a real one. */
export async function insertDriver(
  db: Queryable,
  position: { lat: number; lng: number },
  firstname = 'Segun',
  options: { demo?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into drivers (id, firstname, lastname, phone, lat, lng, demo) values ($1, $2, 'Driver', '+2348020000000', $3, $4, $5)`,
    [id, firstname, position.lat, position.lng, options.demo ?? true],
  );
  return id;
}

export interface TaskFixture {
  status?: TaskStatus;
  driverId?: string | null;
  lat?: number;
  lng?: number;
  createdAt?: Date;
  /** Records the reference in payment_uses, as a paid task has it. */
  paid?: boolean;
  addressDetails?: string;
}

export async function insertTask(db: Queryable, userId: string, fixture: TaskFixture = {}): Promise<string> {
  const id = randomUUID();
  const reference = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const createdAt = fixture.createdAt ?? new Date();
  if (fixture.paid ?? true) {
    await db.query(
      `insert into payment_uses (reference, purpose, user_id, amount_kobo) values ($1, 'task', $2, 150000)`,
      [reference, userId],
    );
  }
  await db.query(
    `insert into tasks (id, user_id, status, reference, address, lng, lat, datetime, type, service_name, amount_kobo, unit,
                        confirmation_code, driver_id, created_at, address_details)
     values ($1, $2, $3, $4, '3 Awolowo Road, Ikoyi, Lagos', $5, $6, $7, 'household', 'Household Waste Pickup', 150000, 'per pickup',
             '123456', $8, $7, $9)`,
    [
      id,
      userId,
      fixture.status ?? 'pending',
      reference,
      fixture.lng ?? 3.4305,
      fixture.lat ?? 6.447,
      createdAt,
      fixture.driverId ?? null,
      fixture.addressDetails ?? '',
    ],
  );
  return id;
}

export async function insertUserMessage(db: Queryable, taskId: string, content: string): Promise<void> {
  await db.query(`insert into messages (id, task_id, sender, content, client_id) values ($1, $2, 'user', $3, $4)`, [
    randomUUID(),
    taskId,
    content,
    randomUUID(),
  ]);
  await publishInvalidation(db, [threadKey(taskId)]);
}

/** Empties what the ops tests write (users stay: ids are unique). */
export async function clearTasksAndDrivers(db: Queryable): Promise<void> {
  for (const table of ['messages', 'tasks', 'payment_uses', 'drivers']) await db.query(`delete from ${table}`);
  await publishInvalidation(db, [EVERYTHING_KEY]);
}

/**
 * `count` open tasks in one statement (the board at scale): pending, spread over Lagos and over
 * the next days' windows, each of its own client (phones +23480100xxxxx, names 'Client <n>').
 * Answers the clients' ids in order.
 */
export async function seedOpenTasks(db: Queryable, count: number, now = new Date()): Promise<string[]> {
  const batch = randomBytes(4).toString('hex');
  const users = await db.query<{ id: string }>(
    `insert into users (id, email, password_hash, firstname, lastname, phonenumber, referral_code)
     select gen_random_uuid()::text, 'seed-' || $1 || '-' || n || '@example.ng', 'not-a-real-hash', 'Client', n::text,
            '+234801' || lpad(n::text, 7, '0'), 'S' || $1 || n
       from generate_series(1, $2::int) n
     returning id`,
    [batch, count],
  );
  await db.query(
    `insert into tasks (id, user_id, status, reference, address, lng, lat, datetime, type, service_name, amount_kobo, unit,
                        confirmation_code, created_at, scheduled_start, scheduled_end)
     select gen_random_uuid()::text, u.id, 'pending', 'seed-' || $1 || '-' || u.n, u.n || ' Herbert Macaulay Way, Yaba, Lagos',
            3.33 + (u.n % 50) * 0.003, 6.45 + (u.n % 40) * 0.004, $2, 'household', 'Household Waste Pickup', 150000,
            'per pickup', '123456', $2,
            case when u.n % 3 = 0 then null else date_trunc('hour', $2::timestamptz) + ((u.n % 7) * interval '1 day') + interval '2 hours' end,
            case when u.n % 3 = 0 then null else date_trunc('hour', $2::timestamptz) + ((u.n % 7) * interval '1 day') + interval '4 hours' end
       from unnest($3::text[]) with ordinality as u(id, n)`,
    [batch, now, users.map((user) => user.id)],
  );
  return users.map((user) => user.id);
}
