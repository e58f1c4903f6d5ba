import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { AddressSearch, type AddressSearchProps } from '../../features/maps/address-search';
import { CurrentLocationButton } from '../../features/maps/current-location-button';
import { LazyLocationMap, prefetchLocationMap } from '../../features/maps/lazy-location-map';
import { createPlaceSearch } from '../../features/maps/configured-place-search';
import { savedSuggestions } from '../../features/maps/saved-places';
import { placesQuery } from '../../lib/api/places';
import { priceTableQuery } from '../../lib/api/pricing';
import { ServicePicker, isBookableService } from '../../features/tasks/booking/service-picker';
import { CreateTaskScreen } from '../../features/tasks/create-task-screen';

// The card payment is the payments feature's, loaded when the client proceeds to payment.
const loadPayments = () => import('../../features/payments/pay');

export const Route = createFileRoute('/client/create')({
  preload: false,
  loader: ({ context }) => context.queries.booking(),
  component: CreateTaskRoute,
});

/**
 * The create screen with the maps feature's address search, current location and lazily
 * loaded map, and the payments feature's checkout. Opened without a service (bookmark,
 * relaunch, the install shortcut), it first asks for one rather than charging for 'Default Service'.
 * From a task's 'Book again' it starts from that task's place, details and quantity.
 *
 * Nothing of the maps loads while the screen paints: MapLibre (300 kB gzip, and a long task
 * to evaluate) and the place search load once the address field gets focus, that is once
 * the form is there and used. Loaded at mount, they competed with the screen's own chunks
 * and reads for a phone's bandwidth and delayed its first paint (Lighthouse counts them).
 * The service worker precaches the map for later visits.
 */
function CreateTaskRoute() {
  const serviceType = useRouterState({ select: (state) => state.location.state.serviceType });
  const bookAgain = useRouterState({ select: (state) => state.location.state.bookAgain });
  const navigate = useNavigate();
  // The catalog read by the loader (or kept on the device): a service an admin added is offered.
  const prices = useQuery(priceTableQuery()).data?.data;
  const [placeSearch] = useState(() => createPlaceSearch());
  const prepareMaps = () => {
    placeSearch.prepare();
    prefetchLocationMap();
  };
  if (!isBookableService(serviceType, prices)) {
    return (
      <ServicePicker
        table={prices}
        onChoose={(tag) => void navigate({ to: '/client/create', state: { serviceType: tag } })}
      />
    );
  }
  return (
    <CreateTaskScreen
      key={serviceType}
      serviceType={serviceType}
      loadPayments={loadPayments}
      renderAddressSearch={(onChoose, selectedAddress) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: not an interaction: focus reaching the search (it bubbles) starts loading the maps code early.
        <div onFocus={prepareMaps}>
          <AddressSearchWithPlaces search={placeSearch} onChoose={onChoose} selectedAddress={selectedAddress} />
        </div>
      )}
      renderCurrentLocation={(onLocated) => <CurrentLocationButton onLocated={onLocated} />}
      renderMap={(place, onMove) => <LazyLocationMap location={place} address={place.address} onMove={onMove} />}
      describePoint={placeSearch.describe}
      bookAgain={bookAgain}
    />
  );
}

/** The address search offering the saved places first; they are read here, inside the screen's deferred form. */
function AddressSearchWithPlaces(props: Omit<AddressSearchProps, 'savedPlaces'>) {
  const places = useQuery(placesQuery()).data?.data;
  const savedPlaces = useMemo(() => (places ? savedSuggestions(places) : []), [places]);
  return <AddressSearch {...props} savedPlaces={savedPlaces} />;
}
