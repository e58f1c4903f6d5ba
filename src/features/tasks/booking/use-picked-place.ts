/**
 * The place a task is booked at: chosen in the address search, or pinned on the map. A pinned
 * point is what the task carries; its label arrives a moment later and replaces the
 * coordinates unless the pin moved again. Points outside Nigeria are refused, as the server
 * would refuse the paid task (docs/product.md, 'Choosing the place of a task').
 */
import { useRef, useState } from 'react';
import { isInNigeria, pinnedPointLabel } from '../../../shared/geo';
import type { SelectedPlace } from './booking-rules';

export interface Point {
  lat: number;
  lng: number;
}

export interface PickedPlace {
  place: SelectedPlace | null;
  /** A search choice; false (and no place) when it has no geometry. */
  choose(choice: { address: string; location: Point | null; approximate?: boolean }): boolean;
  /** A pinned point; false when it is outside Nigeria (the place stays as it was). */
  pinAt(point: Point): boolean;
}

export function usePickedPlace(
  describePoint: (point: Point) => Promise<string>,
  initial: SelectedPlace | null = null,
): PickedPlace {
  const [place, setPlace] = useState<SelectedPlace | null>(initial);
  const latest = useRef(0);

  const choose: PickedPlace['choose'] = ({ address, location, approximate }) => {
    latest.current += 1;
    setPlace(location ? { address, ...location, ...(approximate ? { approximate } : {}) } : null);
    return location !== null;
  };

  const pinAt: PickedPlace['pinAt'] = (point) => {
    if (!isInNigeria(point)) return false;
    const ticket = ++latest.current;
    setPlace({ address: pinnedPointLabel(point), lat: point.lat, lng: point.lng });
    describePoint(point).then(
      (address) => {
        if (ticket === latest.current) setPlace({ address, lat: point.lat, lng: point.lng });
      },
      // describe never fails by contract; if it did, the coordinates remain the label.
      () => undefined,
    );
    return true;
  };

  return { place, choose, pinAt };
}
