export const DRIVER_MARKER_LABEL = 'Driver location (A)';
export const TASK_MARKER_LABEL = 'Task location (B)';

function Pin({ letter, label, tone }: { letter: 'A' | 'B'; label: string; tone: 'driver' | 'task' }) {
  return (
    <span className={`route-marker route-marker-${tone}`} role="img" aria-label={label} title={label}>
      <svg viewBox="0 0 24 32" width="32" height="42" aria-hidden="true" focusable="false">
        <path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z" />
        <text x="12" y="16" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff">
          {letter}
        </text>
      </svg>
    </span>
  );
}

/** Marker A: where the driver is. */
export function DriverMarker() {
  return <Pin letter="A" label={DRIVER_MARKER_LABEL} tone="driver" />;
}

/** Marker B: where the task is. */
export function TaskMarker() {
  return <Pin letter="B" label={TASK_MARKER_LABEL} tone="task" />;
}
