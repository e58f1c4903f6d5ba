import { useEffect, useState } from 'react';
import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { AddressSearch } from '../../features/maps/address-search';
import { CurrentLocationButton } from '../../features/maps/current-location-button';
import { LazyLocationMap, prefetchLocationMap } from '../../features/maps/lazy-location-map';
import { createPlaceSearch } from '../../features/maps/place-search-for-config';
import { ServicePicker, isBookableService } from '../../features/tasks/booking/service-picker';
import { CreateTaskScreen } from '../../features/tasks/create-task-screen';

export const Route = createFileRoute('/client/create')({
  component: CreateTaskRoute,
});

/**
 * The create screen with the maps feature's address search, current location and lazily
 * loaded map. Opened without a service (bookmark, relaunch, the install shortcut), it first
 * asks for one rather than charging for 'Default Service'.
 */
function CreateTaskRoute() {
  const serviceType = useRouterState({ select: (state) => state.location.state.serviceType });
  const navigate = useNavigate();
  const [placeSearch] = useState(createPlaceSearch);
  useEffect(prefetchLocationMap, []);
  if (!isBookableService(serviceType)) {
    return <ServicePicker onChoose={(tag) => void navigate({ to: '/client/create', state: { serviceType: tag } })} />;
  }
  return (
    <CreateTaskScreen
      key={serviceType}
      serviceType={serviceType}
      renderAddressSearch={(onChoose, selectedAddress) => <AddressSearch search={placeSearch} onChoose={onChoose} selectedAddress={selectedAddress} />}
      renderCurrentLocation={(onLocated) => <CurrentLocationButton onLocated={onLocated} />}
      renderMap={(place, onMove) => <LazyLocationMap location={place} address={place.address} onMove={onMove} />}
      describePoint={placeSearch.describe}
    />
  );
}
