/**
 * The admin's catalog (issue 65, docs/product.md 'Prices'): list, add or change a service, set
 * a price. Each change is one transaction with its audit row (who, what, when, before and
 * after); each price also goes to pricing_history (the trigger), so a price quoted in the last
 * 7 days is still honoured (server/payments/price-rule.ts). Tasks already booked keep theirs.
 */
import { randomUUID } from 'node:crypto';
import type { PricingItem } from '../../src/shared/contract';
import { nairaToKobo } from '../../src/shared/money';
import type { z } from 'zod';
import type { serviceSchema } from '../../src/shared/schemas/services';
import { type AuditActor, writeAudit } from '../db/audit';
import type { Db } from '../db/connection';
import { type CatalogRow, catalogRows, lockService, toPricingItem, upsertService } from '../db/pricing';
import { OpsError } from './commands';

export type ServiceEntry = PricingItem & { position: number; active: boolean };

const toEntry = (row: CatalogRow): ServiceEntry => ({
  ...toPricingItem(row),
  position: row.position,
  active: row.active,
});

export async function listServices(db: Db): Promise<ServiceEntry[]> {
  return (await catalogRows(db)).map(toEntry);
}

/** Adds the service or changes the one of that key (its price-list name stays what it was). */
export async function saveService(
  db: Db,
  input: z.output<typeof serviceSchema>,
  actor: AuditActor,
): Promise<ServiceEntry> {
  return db.transaction(async (tx) => {
    const before = await lockService(tx, input.key);
    const row = await upsertService(tx, randomUUID(), {
      key: input.key,
      serviceName: before?.service_name ?? input.serviceName,
      displayName: input.name,
      priceKobo: nairaToKobo(input.price),
      unit: input.unit,
      unitWord: input.unitWord,
      quantity: input.quantity,
      pointsPerKg: input.pointsPerKg,
      weighed: input.weighed,
      pickupPhoto: input.pickupPhoto,
      position: input.position,
      active: input.active,
    });
    await writeAudit(tx, actor, {
      action: before ? 'service.update' : 'service.add',
      subject: `service:${input.key}`,
      before: before ? toEntry(before) : null,
      after: toEntry(row),
    });
    return toEntry(row);
  });
}

/** A new price for the service of that key (naira, as the CLI and the console give it). */
export async function setServicePrice(db: Db, key: string, price: number, actor: AuditActor): Promise<ServiceEntry> {
  return db.transaction(async (tx) => {
    const before = await lockService(tx, key);
    if (!before) throw new OpsError('not-found', `No service with key "${key}"`);
    const entry = toEntry(before);
    const row = await upsertService(tx, before.id, {
      key,
      serviceName: before.service_name,
      displayName: before.display_name,
      priceKobo: nairaToKobo(price),
      unit: before.unit,
      unitWord: before.unit_word,
      quantity: entry.quantity,
      pointsPerKg: before.points_per_kg,
      weighed: before.weighed,
      pickupPhoto: before.pickup_photo,
      position: before.position,
      active: before.active,
    });
    await writeAudit(tx, actor, {
      action: 'service.price',
      subject: `service:${key}`,
      before: { price: entry.price },
      after: { price },
    });
    return toEntry(row);
  });
}
