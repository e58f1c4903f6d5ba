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
