import type { ReactNode } from 'react';
import { formatCoordinates } from '../../../lib/format';
import { AddressDetailsField } from './address-details-field';
import { MOVE_PIN_HINT, type SelectedPlace } from './booking-rules';
import { SavePlace } from './save-place';
import type { Point } from './use-picked-place';

interface TaskLocationProps {
  place: SelectedPlace | null;
  /** The address search (the maps feature's, composed by the route). */
  addressSearch: ReactNode;
  /** 'Use my current location' (the maps feature's). */
  currentLocation: ReactNode;
  renderMap: (place: SelectedPlace, onMove: (point: Point) => boolean) => ReactNode;
  onPin: (point: Point) => boolean;
  /** A problem with the chosen place, shown under the address search as well as in its toast. */
  placeError: string | null;
  /** The place is outside the service area: why payment is refused. */
  outsideArea: string | null;
  addressDetails: string;
  onAddressDetailsChange: (value: string) => void;
  detailsRequired: boolean;
  /** Searching, pinning or typing details closes the phone's summary sheet. */
  onUse: () => void;
}

/** Where the pickup is: the address search, the map with its pin, and the address details. */
export function TaskLocation(props: TaskLocationProps) {
  const { place, placeError, outsideArea, onUse } = props;
  return (
    <>
      <section className="create-task-panel create-task-search" aria-label="Task location" onFocus={onUse}>
        {props.addressSearch}
        {placeError ? <p className="create-task-field-error">{placeError}</p> : null}
        {outsideArea ? (
          <p className="create-task-field-error" role="alert">
            {outsideArea}
          </p>
        ) : null}
        {props.currentLocation}
        {place ? (
          <>
            <p className="create-task-coordinates">
              <span className="muted">Coordinates: </span>
              <span data-testid="selected-coordinates">{formatCoordinates(place, 6)}</span>
            </p>
            <p className="create-task-hint">{MOVE_PIN_HINT}</p>
          </>
        ) : null}
      </section>
      <section className="create-task-map" aria-label="Location map" onPointerDown={onUse}>
        {place ? (
          props.renderMap(place, props.onPin)
        ) : (
          <p className="create-task-map-placeholder">Please type an address above to see the map</p>
        )}
      </section>
      <section className="create-task-panel create-task-details" aria-label="Address details" onFocus={onUse}>
        <AddressDetailsField
          value={props.addressDetails}
          onChange={props.onAddressDetailsChange}
          required={props.detailsRequired}
        />
        {place ? <SavePlace place={place} addressDetails={props.addressDetails} /> : null}
      </section>
    </>
  );
}
