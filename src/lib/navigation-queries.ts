/**
 * What the signed-in route loaders start, with the QueryClient: the /client route loads this
 * module (with the signed-in chunk) and puts both in the router's context, so the first
 * screen carries neither Query nor the HTTP client.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { placesQuery } from './api/places';
import { planStatusQuery } from './api/plan';
import { plansQuery } from './api/plans';
import { pointsQuery } from './api/points';
import { schedulesQuery } from './api/schedules';
import { cachedPriceTableQuery, priceTableQuery } from './api/pricing';
import { serviceAreaQuery } from './api/service-area';
import { signedInSubject } from './api/signed-in';
import { tasksQuery } from './api/tasks';
import { userQuery } from './api/user';
import { queryClient } from './query-client';

export { queryClient };

/**
 * Each starts a screen's queries with `ensureQueryData`, without waiting: the screen shows
 * its loading state meanwhile, cached data at once, and stale data is fetched again.
 */
export function navigationQueries(client: QueryClient) {
  const start = <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>) =>
    void client.ensureQueryData({ ...options, revalidateIfStale: true }).catch(() => undefined);
  const user = () => start(userQuery());
  return {
    user,
    /** Tasks are asked for beside the user (the token names the user): one round trip less. */
    userAndTasks: () => {
      user();
      const subject = signedInSubject();
      if (subject) start(tasksQuery(subject));
      // Home's 'Next pickup' comes with them, not after (it would push the cards down).
      start(schedulesQuery());
    },
    points: () => start(pointsQuery()),
    /** The plans offered (the admin's) come with the user: the cards are the screen. */
    subscribe: () => {
      user();
      start(plansQuery());
    },
    schedules: () => {
      user();
      start(schedulesQuery());
      start(planStatusQuery());
      start(placesQuery());
      start(priceTableQuery());
    },
    /**
     * Within the running app only: opened cold (nothing cached yet), the booking form starts
     * them once it has painted, since Lighthouse counts every request started before the
     * largest paint in it (docs/performance.md, 'The booking screen').
     */
    booking: () => {
      if (client.getQueryData(userQuery().queryKey) === undefined) return;
      user();
      start(serviceAreaQuery());
      start(planStatusQuery());
      start(placesQuery());
      start(priceTableQuery());
      start(cachedPriceTableQuery());
    },
  };
}
