/** Drivers as the client sees them: a location, readable only by clients they serve. */
import type { DriverLocation } from '../../src/shared/contract';
import type { Queryable } from './connection';

interface DriverLocationRow {
  id: string;
  lng: number | string;
  lat: number | string;
  location_updated_at: Date | string;
}

export async function findDriverLocation(db: Queryable, driverId: string): Promise<DriverLocation | undefined> {
  const [row] = await db.query<DriverLocationRow>(
    'select id, lng, lat, location_updated_at from drivers where id = $1',
    [driverId],
  );
  return row
    ? {
        driverId: row.id,
        location: { type: 'Point', coordinates: [Number(row.lng), Number(row.lat)] },
        updatedAt: new Date(row.location_updated_at).toISOString(),
      }
    : undefined;
}

/** Whether the driver is assigned to one of the user's open tasks (driver-assigned or on-going). */
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
}

/** Drivers with this phone who can sign in (a phone is normally one driver's; a few are checked at most). */
export async function findDriverAccountsByPhone(db: Queryable, phone: string): Promise<DriverAccountRow[]> {
  return db.query<DriverAccountRow>(
    `select id, password_hash, must_change_password, session_version from drivers
      where phone = $1 and password_hash is not null order by id limit 5`,
    [phone],
  );
}

export async function findDriverAccount(db: Queryable, driverId: string): Promise<DriverAccountRow | undefined> {
  const [row] = await db.query<DriverAccountRow>(
    'select id, password_hash, must_change_password, session_version from drivers where id = $1',
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
  return Number(row.session_version);
}

/** Someone signed in as this driver: the demo simulator leaves them alone from now on. */
export async function noteDriverSignIn(db: Queryable, driverId: string, at: Date): Promise<void> {
  await db.query('update drivers set signed_in_at = coalesce(signed_in_at, $2) where id = $1', [driverId, at]);
}
