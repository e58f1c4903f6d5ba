import { useEffect, useId, useRef, useState } from 'react';
import { currentPosition } from './geolocation';
import type { LatLng } from './place-search';
import './maps.css';

export interface CurrentLocationButtonProps {
  onLocated: (point: LatLng) => void;
  /** Tests pass their own; the app asks the browser (geolocation.ts). */
  locate?: () => Promise<LatLng>;
}

/** 'Use my current location': puts the pin where the device is, or says clearly why it cannot. */
export function CurrentLocationButton({ onLocated, locate = currentPosition }: CurrentLocationButtonProps) {
  const [isLocating, setIsLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const isMounted = useRef(true);
  useEffect(
    () => () => {
      isMounted.current = false;
    },
    [],
  );

  const onClick = () => {
    // aria-disabled, not disabled: the button keeps focus while the device looks for its position.
    if (isLocating) return;
    setIsLocating(true);
    setError(null);
    locate().then(
      (point) => {
        if (!isMounted.current) return;
        setIsLocating(false);
        onLocated(point);
      },
      (failure: unknown) => {
        if (!isMounted.current) return;
        setIsLocating(false);
        setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
  };

  return (
    <div className="current-location">
      <button
        type="button"
        className="current-location-button"
        onClick={onClick}
        aria-disabled={isLocating}
        aria-describedby={error ? errorId : undefined}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="4" fill="currentColor" />
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {isLocating ? 'Finding your location...' : 'Use my current location'}
      </button>
      {error ? (
        <p id={errorId} className="current-location-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
