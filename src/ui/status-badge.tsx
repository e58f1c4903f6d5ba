import type { StatusTone } from '../shared/task-status';
import './status-badge.css';

/** A task status as a coloured pill; the screen picks the tone (see src/shared/task-status.ts). */
export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return (
    <span className={`status-badge status-badge-${tone}`} data-tone={tone}>
      {label}
    </span>
  );
}
