import { useQuery } from '@tanstack/react-query';
import { cachedPriceTableQuery, priceTableQuery } from '../../../lib/api/pricing';
import { planStatusQuery } from '../../../lib/api/plan';
import { serviceAreaQuery } from '../../../lib/api/service-area';
import { userQuery } from '../../../lib/api/user';
import { quoteBooking } from './booking-quote';

/**
 * The booking form's reads (the user, the prices, the device's prices, the service area, the
 * plan) and the quote made of them. The service and its price paint at once from the device's
 * price list when there is one; paying waits for the network's (or the worker's final) answer,
 * `prices`. Read by the form, not the screen: a response that lands re-renders only what is
 * mounted (docs/performance.md, 'The booking screen').
 */
export function useBookingQuote(serviceType: string, quantityInput: string, isUsingPoints: boolean) {
  const userResult = useQuery(userQuery());
  const pricesResult = useQuery(priceTableQuery());
  const cachedPrices = useQuery(cachedPriceTableQuery()).data ?? null;
  const serviceArea = useQuery(serviceAreaQuery()).data ?? null;
  const plan = useQuery(planStatusQuery()).data?.data ?? null;
  const user = userResult.data?.data ?? null;
  const prices = pricesResult.data?.data ?? null;
  const quote = quoteBooking({
    prices: prices ?? cachedPrices,
    serviceType,
    quantityInput,
    plan,
    balance: user?.balance ?? 0,
    isUsingPoints,
  });
  return {
    user,
    /** Why the user could not be read (null once it has been). */
    userFailure: user ? null : userResult.error,
    prices,
    pricesCachedAt: pricesResult.data?.cachedAt ?? null,
    serviceArea,
    quote,
  };
}
