export const SELECTED_LOCATION_LABEL = 'Your selected location';

import type { KeyboardEvent, ReactNode } from 'react';

export const MOVE_PIN_KEYS = 'Move the pin: arrow keys 10 m, with Shift 100 m';

/** The pin of the chosen place, named for screen readers and tests. */
export function LocationMarker({ onKeyDown }: { onKeyDown?: (event: KeyboardEvent) => void }) {
  const pin = (
    <span className="location-marker" role="img" aria-label={SELECTED_LOCATION_LABEL} title={SELECTED_LOCATION_LABEL}>
      <svg viewBox="0 0 24 32" width="32" height="42" aria-hidden="true" focusable="false">
        <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#15803d" />
        <circle cx="12" cy="12" r="4.6" fill="#fff" />
      </svg>
    </span>
  );
  return onKeyDown ? <MovablePin onKeyDown={onKeyDown}>{pin}</MovablePin> : pin;
}

/** A pin that moves by keyboard: focusable, named with its keys. */
function MovablePin({ onKeyDown, children }: { onKeyDown: (event: KeyboardEvent) => void; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a map pin moved by arrow keys has no native element; role and keys follow the ARIA application pattern of a movable object.
    <span
      className="location-marker-handle"
      role="button"
      tabIndex={0}
      aria-label={MOVE_PIN_KEYS}
      onKeyDown={onKeyDown}
    >
      {children}
    </span>
  );
}
