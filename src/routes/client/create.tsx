import { useState } from 'react';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { AddressSearch } from '../../features/maps/address-search';
import { LazyLocationMap, prefetchLocationMap } from '../../features/maps/lazy-location-map';
import { createPlaceSearch } from '../../features/maps/place-search-for-config';
import { CreateTaskScreen } from '../../features/tasks/create-task-screen';

export const Route = createFileRoute('/client/create')({
  component: CreateTaskRoute,
});

/**
 * The create screen with the maps feature's address search and lazily loaded map.
 *
 * Nothing of the maps loads while the screen paints: MapLibre (300 kB gzip, and a long task
 * to evaluate) and the place search load once the address field gets focus, that is once
 * the form is there and used. Loaded at mount, they competed with the screen's own chunks
 * and reads for a phone's bandwidth and delayed its first paint (Lighthouse counts them).
 * The service worker precaches the map for later visits.
 */
function CreateTaskRoute() {
  const serviceType = useRouterState({ select: (state) => state.location.state.serviceType }) ?? 'default';
  const [placeSearch] = useState(() => createPlaceSearch());
  const prepareMaps = () => {
    placeSearch.prepare();
    prefetchLocationMap();
  };
  return (
    <CreateTaskScreen
      serviceType={serviceType}
      renderAddressSearch={(onChoose) => (
        <div onFocus={prepareMaps}>
          <AddressSearch search={placeSearch} onChoose={onChoose} />
        </div>
      )}
      renderMap={(place) => <LazyLocationMap location={place} />}
    />
  );
}
