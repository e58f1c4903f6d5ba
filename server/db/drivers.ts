/** Drivers as the client sees them: a location, readable only by clients they serve. */
import type { DriverLocation } from '../../src/shared/contract';
import type { Position } from '../dispatch/positions';
import type { Queryable } from './connection';
import { markArrivals } from './ops';
import { locationKey, publishInvalidation } from './poll-cache';
import { enqueueArrivals } from './push';

interface DriverLocationRow {
  id: string;
  lng: number;
  lat: number;
  location_updated_at: Date;
}

export async function findDriverLocation(db: Queryable, driverId: string): Promise<DriverLocation | undefined> {
  const [row] = await db.query<DriverLocationRow>(
    'select id, lng, lat, location_updated_at from drivers where id = $1',
    [driverId],
  );
  return row
    ? {
        driverId: row.id,
        location: { type: 'Point', coordinates: [row.lng, row.lat] },
        updatedAt: new Date(row.location_updated_at).toISOString(),
      }
    : undefined;
}

/** Whether the driver is assigned to one of the user's open tasks (driver-assigned or on-going). */
/** A driver's id and name (their initials' avatar), or undefined. */
export async function findDriverName(
  db: Queryable,
  driverId: string,
): Promise<{ id: string; firstname: string; lastname: string } | undefined> {
  const [row] = await db.query<{ id: string; firstname: string; lastname: string }>(
    'select id, firstname, lastname from drivers where id = $1',
    [driverId],
  );
  return row;
}

export async function isDriverOfUser(db: Queryable, driverId: string, userId: string): Promise<boolean> {
  // Only while the driver is on their way to this client: a former client never follows a driver.
  const rows = await db.query(
    `select 1 from tasks where driver_id = $1 and user_id = $2 and status in ('driver-assigned', 'on-going') limit 1`,
    [driverId, userId],
  );
  return rows.length > 0;
}

// ---- driver accounts (issue 46, docs/driver.md) ----

export interface DriverAccountRow {
  id: string;
  password_hash: string | null;
  must_change_password: boolean;
  session_version: number;
  /** False once an operator deactivated the driver: no sign-in, no session. */
  active: boolean;
}

/** Drivers with this phone who can sign in (a phone is normally one driver's; a few are checked at most). */
export async function findDriverAccountsByPhone(db: Queryable, phone: string): Promise<DriverAccountRow[]> {
  return db.query<DriverAccountRow>(
    `select id, password_hash, must_change_password, session_version, active from drivers
      where phone = $1 and password_hash is not null and active order by id limit 5`,
    [phone],
  );
}

/** The active driver with this phone (the first by id, should an operator have typed one number twice). */
export async function findActiveDriverByPhone(db: Queryable, phone: string): Promise<{ id: string } | undefined> {
  const [row] = await db.query<{ id: string }>(
    'select id from drivers where phone = $1 and active order by id limit 1',
    [phone],
  );
  return row;
}

/**
 * A sign-in by SMS code: an unused one-time password ends (the code proved the phone, so no
 * password change is due); a password the driver chose stays as it is. Answers the session
 * version, or undefined when the driver is no longer active.
 */
export async function signDriverInByCode(db: Queryable, driverId: string, at: Date): Promise<number | undefined> {
  const [row] = await db.query<{ session_version: number }>(
    `update drivers set
       password_hash = case when must_change_password then null else password_hash end,
       must_change_password = false, signed_in_at = coalesce(signed_in_at, $2)
      where id = $1 and active returning session_version`,
    [driverId, at],
  );
  return row?.session_version;
}

export async function findDriverAccount(db: Queryable, driverId: string): Promise<DriverAccountRow | undefined> {
  const [row] = await db.query<DriverAccountRow>(
    'select id, password_hash, must_change_password, session_version, active from drivers where id = $1',
    [driverId],
  );
  return row;
}

/** A new one-time password (the operator hands it over); ends the driver's sessions. */
export async function setDriverOneTimePassword(db: Queryable, driverId: string, passwordHash: string): Promise<void> {
  await db.query(
    `update drivers set password_hash = $2, must_change_password = true, session_version = session_version + 1
      where id = $1`,
    [driverId, passwordHash],
  );
}

/** The driver's own password: older tokens end, the one answered with the new version goes on. */
export async function changeDriverPassword(db: Queryable, driverId: string, passwordHash: string): Promise<number> {
  const [row] = await db.query<{ session_version: number }>(
    `update drivers set password_hash = $2, must_change_password = false, session_version = session_version + 1
      where id = $1 returning session_version`,
    [driverId, passwordHash],
  );
  return row.session_version;
}

/**
 * The driver signs out: offers stop (offline) and every token of the driver ends, this one
 * included (one driver, one phone; a phone lost or handed on is signed out with it).
 */
export async function signDriverOut(db: Queryable, driverId: string): Promise<void> {
  await db.query('update drivers set online = false, session_version = session_version + 1 where id = $1', [driverId]);
}

/** Someone signed in as this driver: the demo simulator leaves them alone from now on. */
export async function noteDriverSignIn(db: Queryable, driverId: string, at: Date): Promise<void> {
  await db.query('update drivers set signed_in_at = coalesce(signed_in_at, $2) where id = $1', [driverId, at]);
}

/** The driver's newest stored point, the one the next batch's speed is measured from. */
export async function selectLastPosition(db: Queryable, driverId: string): Promise<Position | undefined> {
  const [row] = await db.query<{ lat: number; lng: number; accuracy: number; at: Date }>(
    'select lat, lng, accuracy, at from driver_positions where driver_id = $1 order by at desc limit 1',
    [driverId],
  );
  return row ? { ...row, at: new Date(row.at) } : undefined;
}

/** Holds the driver's row to the transaction's end: one batch of a driver at a time, on any server. */
export async function lockDriverForPositions(db: Queryable, driverId: string): Promise<void> {
  await db.query('select 1 from drivers where id = $1 for update', [driverId]);
}

/** Counts points that could not be true: the console flags the driver for a day. */
export async function noteImplausiblePositions(
  db: Queryable,
  driverId: string,
  count: number,
  at: Date,
): Promise<void> {
  await db.query('update drivers set implausible_at = $2, implausible_points = implausible_points + $3 where id = $1', [
    driverId,
    at,
    count,
  ]);
}

/**
 * Keeps a batch of the driver's screened positions in one statement, each (driver, at) once,
 * so a batch sent again after a lost answer adds nothing; moves the current position to the
 * newest point when it is newer than the current one. Answers how many points were new.
 */
export async function recordPositions(
  db: Queryable,
  driverId: string,
  points: readonly Position[],
  receivedAt: Date,
): Promise<number> {
  if (points.length === 0) return 0;
  const rows = await db.query(
    `insert into driver_positions (driver_id, at, lat, lng, accuracy, received_at)
       select $1, p.at, p.lat, p.lng, p.accuracy, $6
         from unnest($2::timestamptz[], $3::float8[], $4::float8[], $5::float8[]) as p(at, lat, lng, accuracy)
     on conflict (driver_id, at) do nothing returning at`,
    [
      driverId,
      points.map((point) => point.at.toISOString()),
      points.map((point) => point.lat),
      points.map((point) => point.lng),
      points.map((point) => point.accuracy),
      receivedAt,
    ],
  );
  const newest = points.reduce((a, b) => (b.at > a.at ? b : a));
  const moved = await db.query(
    `update drivers set lat = $2, lng = $3, location_updated_at = $4 where id = $1 and location_updated_at < $4 returning id`,
    [driverId, newest.lat, newest.lng, newest.at],
  );
  if (moved.length > 0) {
    // Within 100 m of a pin the task reads 'arrived'; every instance's location poll sees the move.
    await markArrivals(db, driverId);
    await enqueueArrivals(db, driverId);
    await publishInvalidation(db, [locationKey(driverId)]);
  }
  return rows.length;
}

/** Deletes up to `batch` positions taken before `before`, oldest first; answers how many. */
export async function deletePositionsBefore(db: Queryable, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `delete from driver_positions where (driver_id, at) in (
       select driver_id, at from driver_positions where at < $1 order by at limit $2
     ) returning 1`,
    [before, batch],
  );
  return rows.length;
}
