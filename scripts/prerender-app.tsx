/**
 * The prerendered screens as HTML, for the build's prerender step (scripts/prerender.ts loads
 * this through Vite's `ssrLoadModule`): the app's own route tree on an in-memory history,
 * loaded, then rendered to a string by React. Not part of the app's bundle.
 */
import { renderToString } from 'react-dom/server';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { routeTree } from '../src/routeTree.gen';
import { priceKeys } from '../src/lib/api/pricing';
import { queryClient } from '../src/lib/query-client';
import { SERVICE_OFFERING } from '../src/shared/service-names';
import { FALLBACK_PRICES, type PriceTable } from '../src/shared/pricing';
import { formatNaira } from '../src/shared/money';

export async function renderScreen(path: string): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

/** The services the booking form is prerendered for (the dashboard's), in its order. */
export const BOOKABLE_SERVICES: readonly string[] = SERVICE_OFFERING.map((service) => service.tag);

export { FALLBACK_PRICES, formatNaira };

/**
 * The booking screen (/client/create) as a signed-in client sees it before anything is read:
 * the form of `serviceType` (the service picker when undefined), with `prices` as the price
 * list's answer and no user. Nothing personal is in it. Run with a stand-in token in storage
 * (the signed-in area's guard) and without `window` (the form mounts at once, not deferred).
 */
export async function renderBooking(serviceType: string | undefined, prices: PriceTable): Promise<string> {
  const history = createMemoryHistory({ initialEntries: ['/client/create'] });
  if (serviceType) history.replace('/client/create', { serviceType });
  queryClient.clear();
  queryClient.setQueryData(priceKeys.table(), { data: prices, cachedAt: null });
  const router = createRouter({ routeTree, history });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}
