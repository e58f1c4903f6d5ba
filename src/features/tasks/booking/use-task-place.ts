import { useState } from 'react';
import type { FlowToasts } from '../../../ui/flow-toasts';
import { MESSAGES, PIN_OUTSIDE_NIGERIA } from './booking-rules';
import { usePickedPlace, type Point } from './use-picked-place';

interface TaskPlaceOptions {
  describePoint: (point: Point) => Promise<string>;
  /** 'Book again': the earlier task's place. */
  initial: { address: string; lat: number; lng: number } | undefined;
  toasts: FlowToasts;
  /** A pin (a drag or a tap on the map) closes the phone's summary sheet. */
  onPinned: () => void;
  /** A saved place chosen brings its address details (a field of the booking's form). */
  onDetails: (details: string) => void;
}

/**
 * The booking's place, with what the form says about it: a search choice without a place or a
 * pin outside Nigeria is refused (a toast, and the error under the search); a saved place
 * brings its details. The place is the search's and the map's state (a pin's label arrives
 * later), not a field the client types: it stays here, beside the booking's form.
 */
export function useTaskPlace({ describePoint, initial, toasts, onPinned, onDetails }: TaskPlaceOptions) {
  const { place, choose, pinAt } = usePickedPlace(
    describePoint,
    initial ? { address: initial.address, lat: initial.lat, lng: initial.lng } : null,
  );
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
    if (choice.addressDetails) onDetails(choice.addressDetails);
    setPlaceError(null);
  };

  const onPin = (point: Point) => {
    onPinned();
    const isAccepted = pinAt(point);
    if (!isAccepted) toasts.error(PIN_OUTSIDE_NIGERIA);
    else setPlaceError(null);
    return isAccepted;
  };

  return { place, placeError, setPlaceError, onChoose, onPin };
}
