import { PROGRESS_STEPS, plainStatusText, progressIndex } from '../shared/task-progress';
import './progress-line.css';

/**
 * Where a task is, in plain words: Finding your driver -> Driver assigned -> On the way -> Done,
 * the current step marked (aria-current) and the steps before it done. Nothing for a cancelled task.
 * `compact` (Home's open tasks) shows the four steps as a bar with the current label under it.
 */
export function ProgressLine({ status, compact = false }: { status: string; compact?: boolean }) {
  const current = progressIndex(status);
  if (current === null) return null;
  return (
    <div className={compact ? 'progress-line progress-line-compact' : 'progress-line'}>
      <ol className="progress-steps" aria-label="Progress">
        {PROGRESS_STEPS.map((step, index) => (
          <li
            key={step}
            className={
              index < current
                ? 'progress-step is-done'
                : index === current
                  ? 'progress-step is-current'
                  : 'progress-step'
            }
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="progress-step-label">
              {step}
              {index < current ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
      <p className="progress-plain">{plainStatusText(status)}</p>
    </div>
  );
}
