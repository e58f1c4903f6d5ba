/** What the create screen loads on arrival: the user (for the e-mail and id) and the price list (fallback prices on failure). */
import { useEffect, useState } from 'react';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';
import type { PricingAnswer, User, UserDataAnswer } from '../../../shared/contract';
import { http, retryPostRead } from '../../../lib/http';
import { readAnswer, type CachedAtSink } from '../../../shared/offline-answers';
import { FALLBACK_PRICES, priceTableOrFallback, type PriceTable } from '../../../shared/pricing';
import { getToken } from '../../../lib/token-storage';
import { MESSAGES } from './booking-rules';

export async function getUser(token: string): Promise<User> {
  return (await http.post('client/userdata', { json: { token }, retry: retryPostRead }).json<UserDataAnswer>()).data;
}

/** The price table; the fallback prices when the call fails or the answer is not an array. */
export async function getPriceTable(onCachedAt?: CachedAtSink): Promise<PriceTable> {
  try {
    return priceTableOrFallback((await readAnswer<PricingAnswer>(http.get('admin/pricing'), onCachedAt)).data);
  } catch {
    return FALLBACK_PRICES;
  }
}

export interface BookingData {
  user: User | null;
  userError: string | null;
  prices: PriceTable | null;
  /** When the price list was received, if it came from the device (offline); null when fresh. */
  pricesCachedAt?: number | null;
}

export function useBookingData(): BookingData {
  const [user, setUser] = useState<User | null>(null);
  const [userError, setUserError] = useState<string | null>(null);
  const [prices, setPrices] = useState<PriceTable | null>(null);
  const [pricesCachedAt, setPricesCachedAt] = useState<number | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const token = getToken();
    if (!token) return;
    getUser(token).then(
      (loaded) => isCurrent && setUser(loaded),
      async (error: unknown) => {
        const message = failureMessage(await readCallFailure(error), MESSAGES.userLoadFailed);
        if (isCurrent) setUserError(message);
      },
    );
    let cachedAt: number | null = null;
    void getPriceTable((time) => (cachedAt = time)).then((table) => {
      if (!isCurrent) return;
      setPrices(table);
      setPricesCachedAt(cachedAt);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  return { user, userError, prices, pricesCachedAt };
}
