export const SELECTED_LOCATION_LABEL = 'Your selected location';

/** The pin of the chosen place, named for screen readers and tests. */
export function LocationMarker() {
  return (
    <span className="location-marker" role="img" aria-label={SELECTED_LOCATION_LABEL} title={SELECTED_LOCATION_LABEL}>
      <svg viewBox="0 0 24 32" width="32" height="42" aria-hidden="true" focusable="false">
        <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" fill="#15803d" />
        <circle cx="12" cy="12" r="4.6" fill="#fff" />
      </svg>
    </span>
  );
}
