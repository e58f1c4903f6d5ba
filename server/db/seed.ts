/** The catalog every database starts with (`SEED_SERVICES`, docs/product.md, Prices); after that, the admin's. */
import { randomUUID } from 'node:crypto';
import { SEED_SERVICES } from '../../src/shared/pricing';
import type { Queryable } from './connection';
import { upsertNewService } from './pricing';

/** Inserts the seeded services a database lacks (by key or price-list name); an admin's changes are kept. */
export async function seedPrices(db: Queryable): Promise<void> {
  for (const [position, service] of SEED_SERVICES.entries()) {
    await upsertNewService(db, randomUUID(), {
      key: service.key,
      serviceName: service.serviceName,
      displayName: service.name,
      priceKobo: service.priceKobo,
      unit: service.unit,
      unitWord: service.unitWord,
      quantity: service.quantity,
      pointsPerKg: service.pointsPerKg,
      weighed: service.weighed,
      pickupPhoto: service.pickupPhoto,
      position: position + 1,
      active: true,
    });
  }
}
