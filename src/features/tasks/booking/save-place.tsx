import { useSavePlace } from '../../../lib/api/places';
import type { PlaceLabel } from '../../../shared/contract';
import { notify } from '../../../ui/toast-host';
import type { SelectedPlace } from './booking-rules';

const NAMES: Record<PlaceLabel, string> = { home: 'Home', work: 'Work' };
export const SAVE_PLACE_FAILED = 'Could not save this place. Please try again.';

/** 'Save as Home' / 'Save as Work' for the chosen place and its details: offered first next time, on every device. */
export function SavePlace({ place, addressDetails }: { place: SelectedPlace; addressDetails: string }) {
  const save = useSavePlace({
    onSuccess: (saved) => notify((toast) => toast.success(`Saved as ${NAMES[saved.label ?? 'home']}`)),
    onError: () => notify((toast) => toast.error(SAVE_PLACE_FAILED)),
  });
  return (
    <div className="save-place">
      {(['home', 'work'] as const).map((label) => (
        <button
          key={label}
          type="button"
          className="save-place-button"
          disabled={save.isPending}
          onClick={() =>
            save.mutate({
              label,
              address: place.address,
              addressDetails: addressDetails.trim(),
              location: { type: 'Point', coordinates: [place.lng, place.lat] },
            })
          }
        >
          Save as {NAMES[label]}
        </button>
      ))}
    </div>
  );
}
