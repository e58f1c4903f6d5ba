import type { PricingItem } from '../../shared/contract';
import { http } from '../http';
import { readAnswer, type Answer } from './answer';

/** GET /admin/pricing (bearer token): the price list (kept for offline use by the service worker). */
export function getPricing(): Promise<Answer<PricingItem[]>> {
  return readAnswer<PricingItem[]>(http.get('admin/pricing'));
}
