/**
 * The catalog of services (table `pricing`, migration 046): the price list's rows with what the
 * app shows and how each service behaves; their API shape (naira), the server-side price of a
 * service key (kobo), and a task's service rule. No service is known here by its name.
 */
import { DEFAULT_SERVICE } from '../../src/shared/service-key';
import type { PricingItem } from '../../src/shared/contract';
import { koboToNaira } from '../../src/shared/money';
import { type QuantityRule, serviceQuantityRule } from '../../src/shared/quantity';
import type { Queryable } from './connection';

export type PickupPhoto = 'off' | 'optional' | 'required';

export interface CatalogRow {
  id: string;
  key: string;
  service_name: string;
  display_name: string;
  price_kobo: number;
  unit: string;
  unit_word: string;
  min_quantity: number | null;
  max_quantity: number | null;
  quantity_step: number | null;
  points_per_kg: number;
  weighed: boolean;
  pickup_photo: PickupPhoto;
  position: number;
  active: boolean;
}

export interface ServicePrice {
  serviceName: string;
  /** The unit price. */
  priceKobo: number;
  unit: string;
  /** The catalog's quantity rule (null: one at a time). */
  rule: QuantityRule | null;
}

const quantityOf = (row: CatalogRow) =>
  row.min_quantity === null || row.max_quantity === null || row.quantity_step === null
    ? null
    : { min: row.min_quantity, max: row.max_quantity, step: row.quantity_step };

export function toPricingItem(row: CatalogRow): PricingItem {
  return {
    _id: row.id,
    serviceName: row.service_name,
    price: koboToNaira(row.price_kobo),
    unit: row.unit,
    key: row.key,
    name: row.display_name,
    unitWord: row.unit_word,
    quantity: quantityOf(row),
    pointsPerKg: row.points_per_kg,
    weighed: row.weighed,
    pickupPhoto: row.pickup_photo,
  };
}

const ruleOf = (row: CatalogRow) =>
  serviceQuantityRule({ unit: row.unit, unitWord: row.unit_word, quantity: quantityOf(row) });

/** Every service, offered or hidden, in the grid's order (the admin's list). */
export async function catalogRows(db: Queryable): Promise<CatalogRow[]> {
  return db.query<CatalogRow>('select * from pricing order by position, display_name, id');
}

/** The services offered, in the grid's order (a stable order the client can cache and diff). */
export async function listPricing(db: Queryable): Promise<PricingItem[]> {
  return (await catalogRows(db)).filter((row) => row.active).map(toPricingItem);
}

/** Each service's unit price in kobo by service key, read as stored (the prerendered booking page's prices). */
export async function servicePricesKobo(db: Queryable): Promise<Record<string, number>> {
  return Object.fromEntries((await catalogRows(db)).map((row) => [row.key, row.price_kobo]));
}

/** The default service (what an unknown key costs), in kobo: booked one at a time. */
export const DEFAULT_SERVICE_PRICE: ServicePrice = {
  serviceName: DEFAULT_SERVICE.serviceName,
  priceKobo: DEFAULT_SERVICE.priceKobo,
  unit: DEFAULT_SERVICE.unit,
  rule: null,
};

export async function findService(db: Queryable, key: string): Promise<CatalogRow | undefined> {
  const [row] = await db.query<CatalogRow>('select * from pricing where key = $1', [key]);
  return row;
}

/**
 * The price the server charges for a service key: the offered catalog row of that key, else
 * the default service (the same fallback the client uses).
 */
export async function priceForServiceKey(db: Queryable, key: string): Promise<ServicePrice> {
  const row = await findService(db, key);
  return row?.active
    ? { serviceName: row.service_name, priceKobo: row.price_kobo, unit: row.unit, rule: ruleOf(row) }
    : { ...DEFAULT_SERVICE_PRICE };
}

/** What the task lifecycle needs of a task's service (`serviceRuleForTask`). */
export interface TaskServiceRule {
  /** The catalog key; null when the task's service is no longer in the catalog. */
  key: string | null;
  unit: string;
  unitWord: string;
  /** The booking's quantity rule (null: one at a time). */
  min: number | null;
  max: number | null;
  step: number | null;
  /** The driver weighs or counts what is collected at the door (else done as booked). */
  weighedAtDoor: boolean;
  /** Points the client earns per kg collected (0: none). */
  pointsPerKg: number;
  pickupPhoto: PickupPhoto;
}

/**
 * The service rule of a task, by the price-list name the task was booked under (for the task
 * lifecycle's weigh and complete, issue 61). A service since removed: its unit only, not weighed,
 * no points. Undefined when there is no such task.
 */
export async function serviceRuleForTask(db: Queryable, taskId: string): Promise<TaskServiceRule | undefined> {
  const [row] = await db.query<Partial<CatalogRow> & { task_unit: string }>(
    `select t.unit as task_unit, p.*
       from tasks t left join pricing p on p.service_name = t.service_name
      where t.id = $1`,
    [taskId],
  );
  if (!row) return undefined;
  if (!row.key)
    return {
      key: null,
      unit: row.task_unit,
      unitWord: '',
      min: null,
      max: null,
      step: null,
      weighedAtDoor: false,
      pointsPerKg: 0,
      pickupPhoto: 'off',
    };
  return {
    key: row.key,
    unit: row.task_unit,
    unitWord: row.unit_word ?? '',
    min: row.min_quantity ?? null,
    max: row.max_quantity ?? null,
    step: row.quantity_step ?? null,
    weighedAtDoor: row.weighed ?? false,
    pointsPerKg: row.points_per_kg ?? 0,
    pickupPhoto: row.pickup_photo ?? 'off',
  };
}

/** A service as the admin writes it (kobo; the key never changes once made). */
export interface ServiceInput {
  key: string;
  serviceName: string;
  displayName: string;
  priceKobo: number;
  unit: string;
  unitWord: string;
  quantity: { min: number; max: number; step: number } | null;
  pointsPerKg: number;
  weighed: boolean;
  pickupPhoto: PickupPhoto;
  position: number;
  active: boolean;
}

const SERVICE_COLUMNS = `(id, key, service_name, display_name, price_kobo, unit, unit_word, min_quantity, max_quantity,
  quantity_step, points_per_kg, weighed, pickup_photo, position, active)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`;

const serviceParams = (id: string, input: ServiceInput) => [
  id,
  input.key,
  input.serviceName,
  input.displayName,
  input.priceKobo,
  input.unit,
  input.unitWord,
  input.quantity?.min ?? null,
  input.quantity?.max ?? null,
  input.quantity?.step ?? null,
  input.pointsPerKg,
  input.weighed,
  input.pickupPhoto,
  input.position,
  input.active,
];

/** Adds the service unless its key or price-list name is taken (the seed); true when added. */
export async function upsertNewService(db: Queryable, id: string, input: ServiceInput): Promise<boolean> {
  const rows = await db.query(
    `insert into pricing ${SERVICE_COLUMNS} on conflict do nothing returning id`,
    serviceParams(id, input),
  );
  return rows.length === 1;
}

/** Adds the service, or changes the one of that key (its price-list name stays: tasks and the price history name it). */
export async function upsertService(db: Queryable, id: string, input: ServiceInput): Promise<CatalogRow> {
  const [row] = await db.query<CatalogRow>(
    `insert into pricing ${SERVICE_COLUMNS}
     on conflict (key) do update set display_name = excluded.display_name, price_kobo = excluded.price_kobo,
       unit = excluded.unit, unit_word = excluded.unit_word, min_quantity = excluded.min_quantity,
       max_quantity = excluded.max_quantity, quantity_step = excluded.quantity_step,
       points_per_kg = excluded.points_per_kg, weighed = excluded.weighed, pickup_photo = excluded.pickup_photo,
       position = excluded.position, active = excluded.active
     returning *`,
    serviceParams(id, input),
  );
  return row!;
}

/** Locks the service's row for a change (undefined: no such key). */
export async function lockService(tx: Queryable, key: string): Promise<CatalogRow | undefined> {
  const [row] = await tx.query<CatalogRow>('select * from pricing where key = $1 for update', [key]);
  return row;
}
