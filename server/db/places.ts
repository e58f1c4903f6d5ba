/** Saved places' SQL (migration 015): 'Home' and 'Work' per client, and the last addresses of their tasks. */
import type { PlaceLabel, SavedPlace } from '../../src/shared/contract';
import type { Queryable } from './connection';

interface PlaceRow {
  label: PlaceLabel | null;
  address: string;
  lat: number;
  lng: number;
  address_details: string | null;
}

const toPlace = (row: PlaceRow): SavedPlace => ({
  label: row.label,
  address: row.address,
  location: { type: 'Point', coordinates: [row.lng, row.lat] },
  addressDetails: row.address_details ?? '',
});

/** How many of the last addresses used are offered. */
export const RECENT_PLACES = 5;

/** 'Home' then 'Work', and the newest distinct addresses of the client's tasks that are neither. */
export async function listPlaces(
  db: Queryable,
  userId: string,
): Promise<{ saved: SavedPlace[]; recent: SavedPlace[] }> {
  const saved = await db.query<PlaceRow>(
    `select label, address, lat, lng, address_details from places where user_id = $1 order by label`,
    [userId],
  );
  const recent = await db.query<PlaceRow>(
    `select null as label, address, lat, lng, address_details from (
       select distinct on (address) address, lat, lng, address_details, created_at
         from tasks where user_id = $1 order by address, created_at desc) used
      where address not in (select address from places where user_id = $1)
      order by created_at desc limit $2`,
    [userId, RECENT_PLACES],
  );
  return { saved: saved.map(toPlace), recent: recent.map(toPlace) };
}

export async function savePlace(
  db: Queryable,
  userId: string,
  place: { label: PlaceLabel; address: string; lat: number; lng: number; addressDetails: string },
): Promise<SavedPlace> {
  const [row] = await db.query<PlaceRow>(
    `insert into places (user_id, label, address, lat, lng, address_details) values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, label) do update set address = excluded.address, lat = excluded.lat, lng = excluded.lng,
       address_details = excluded.address_details, updated_at = now()
     returning label, address, lat, lng, address_details`,
    [userId, place.label, place.address, place.lat, place.lng, place.addressDetails],
  );
  return toPlace(row!);
}

export async function deletePlace(db: Queryable, userId: string, label: PlaceLabel): Promise<void> {
  await db.query('delete from places where user_id = $1 and label = $2', [userId, label]);
}
