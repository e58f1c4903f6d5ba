import type { StatusTone } from '../shared/task-status';
import './status-badge.css';

/** A task status as a coloured pill, in the tone of src/shared/task-status.ts (the same on every screen). */
export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return (
    <span className={`status-badge status-badge-${tone}`} data-tone={tone}>
      {label}
    </span>
  );
}
