/** Drivers as the client sees them: a location, readable only by clients they serve. */
import type { DriverLocation } from '../../src/shared/contract';
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

export interface PositionPoint {
  lat: number;
  lng: number;
  accuracy: number;
  at: Date;
}

/**
 * Keeps a batch of the driver's positions, each (driver, at) once, so a batch sent again after
 * a lost answer adds nothing; moves the current position to the newest point taken after
 * `freshSince` and before `latest` (older points stay for the route; a phone clock far ahead moves
 * nothing) when it is newer than the current one.
 * Answers how many points were new.
 */
export async function recordPositions(
  db: Queryable,
  driverId: string,
  points: PositionPoint[],
  window: { receivedAt: Date; freshSince: Date; latest: Date },
): Promise<number> {
  const { receivedAt } = window;
  let added = 0;
  for (const point of points) {
    const rows = await db.query(
      `insert into driver_positions (driver_id, at, lat, lng, accuracy, received_at) values ($1, $2, $3, $4, $5, $6)
       on conflict (driver_id, at) do nothing returning at`,
      [driverId, point.at, point.lat, point.lng, point.accuracy, receivedAt],
    );
    added += rows.length;
  }
  const fresh = points
    .filter((point) => point.at >= window.freshSince && point.at <= window.latest)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!fresh) return added;
  const moved = await db.query(
    `update drivers set lat = $2, lng = $3, location_updated_at = $4 where id = $1 and location_updated_at < $4 returning id`,
    [driverId, fresh.lat, fresh.lng, fresh.at],
  );
  if (moved.length > 0) {
    // Within 100 m of a pin the task reads 'arrived'; every instance's location poll sees the move.
    await markArrivals(db, driverId);
    await enqueueArrivals(db, driverId);
    await publishInvalidation(db, [locationKey(driverId)]);
  }
  return added;
}
