import { useState } from 'react';
import type { FlowToasts } from '../../../ui/flow-toasts';
import { MESSAGES, PIN_OUTSIDE_NIGERIA } from './booking-rules';
import { usePickedPlace, type Point } from './use-picked-place';

interface TaskPlaceOptions {
  describePoint: (point: Point) => Promise<string>;
  /** 'Book again': the earlier task's place and details. */
  initial: { address: string; lat: number; lng: number; addressDetails: string } | undefined;
  toasts: FlowToasts;
  /** A pin (a drag or a tap on the map) closes the phone's summary sheet. */
  onPinned: () => void;
}

/**
 * The booking's place and address details, with what the form says about them: a search
 * choice without a place or a pin outside Nigeria is refused (a toast, and the error under
 * the search); a saved place brings its details.
 */
export function useTaskPlace({ describePoint, initial, toasts, onPinned }: TaskPlaceOptions) {
  const { place, choose, pinAt } = usePickedPlace(
    describePoint,
    initial ? { address: initial.address, lat: initial.lat, lng: initial.lng } : null,
  );
  const [addressDetails, setAddressDetails] = useState(initial?.addressDetails ?? '');
  // A problem with the chosen place, shown under the address search as well as in its toast.
  const [placeError, setPlaceError] = useState<string | null>(null);

  const onChoose = (choice: {
    address: string;
    location: Point | null;
    approximate?: boolean;
    addressDetails?: string;
  }) => {
    if (!choose(choice)) {
      toasts.error(MESSAGES.invalidAddress);
      setPlaceError(MESSAGES.invalidAddress);
      return;
    }
    if (choice.addressDetails) setAddressDetails(choice.addressDetails);
    setPlaceError(null);
  };

  const onPin = (point: Point) => {
    onPinned();
    const isAccepted = pinAt(point);
    if (!isAccepted) toasts.error(PIN_OUTSIDE_NIGERIA);
    else setPlaceError(null);
    return isAccepted;
  };

  return { place, addressDetails, setAddressDetails, placeError, setPlaceError, onChoose, onPin };
}
