import type { Task } from '../shared/contract';
import { PROGRESS_STEPS, taskStage } from '../shared/task-progress';
import './progress-line.css';

type StagedTask = Pick<Task, 'status' | 'scheduledFor' | 'arrivedAt'>;

/**
 * Where a task is, in plain words: Finding your driver -> Driver assigned -> On the way -> Done,
 * the current step marked (aria-current) and the steps before it done; a task booked for later
 * reads 'Scheduled' until 2 hours before its window, an arrived driver 'Arrived'. Nothing for a
 * cancelled task. `compact` (Home's open tasks) shows the four steps as a bar with the current
 * sentence under it. `isNear`: the driver's last known position is within 100 m of the pin.
 */
export function ProgressLine({
  task,
  compact = false,
  isNear = false,
  now = Date.now(),
}: {
  task: StagedTask;
  compact?: boolean;
  isNear?: boolean;
  now?: number;
}) {
  const stage = taskStage(task, now, isNear);
  const current = stage.step;
  if (current === null) return null;
  return (
    <div className={compact ? 'progress-line progress-line-compact' : 'progress-line'} data-stage={stage.kind}>
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
              {index === current ? stage.label : step}
              {index < current ? <span className="sr-only"> (done)</span> : null}
            </span>
          </li>
        ))}
      </ol>
      <p className="progress-plain">{stage.text}</p>
    </div>
  );
}
