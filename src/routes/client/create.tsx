import { useEffect, useState } from 'react';
import { createFileRoute, useLoaderData, useRouterState } from '@tanstack/react-router';
import { AddressSearch } from '../../features/maps/address-search';
import { LazyLocationMap, prefetchLocationMap } from '../../features/maps/lazy-location-map';
import { createPlaceSearch } from '../../features/maps/configured-place-search';
import { CreateTaskScreen } from '../../features/tasks/create-task-screen';

// The card payment is the payments feature's, loaded when the client proceeds to payment.
const loadPayments = () => import('../../features/payments/pay');

export const Route = createFileRoute('/client/create')({
  preload: false,
  loader: ({ context }) => ({ user: context.reads.user(), prices: context.reads.priceTable() }),
  component: CreateTaskRoute,
});

/** The create screen with the maps feature's address search and lazily loaded map, and the payments feature's checkout. */
function CreateTaskRoute() {
  const serviceType = useRouterState({ select: (state) => state.location.state.serviceType }) ?? 'default';
  const { user, prices } = useLoaderData({ from: '/client/create' });
  const [placeSearch] = useState(createPlaceSearch);
  useEffect(prefetchLocationMap, []);
  return (
    <CreateTaskScreen
      serviceType={serviceType}
      user={user}
      prices={prices}
      loadPayments={loadPayments}
      renderAddressSearch={(onChoose) => <AddressSearch search={placeSearch} onChoose={onChoose} />}
      renderMap={(place) => <LazyLocationMap location={place} />}
    />
  );
}
