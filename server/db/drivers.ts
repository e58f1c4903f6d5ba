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

/** Whether the driver is (or was) assigned to one of the user's tasks. */
export async function isDriverOfUser(db: Queryable, driverId: string, userId: string): Promise<boolean> {
  const rows = await db.query('select 1 from tasks where driver_id = $1 and user_id = $2 limit 1', [driverId, userId]);
  return rows.length > 0;
}
