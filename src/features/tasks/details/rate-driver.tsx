import { useId, useState } from 'react';
import type { Task } from '../../../shared/contract';
import { useRateTask } from '../../../lib/api/aftercare';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';
import { MAX_LENGTH } from '../../../shared/limits';

export const RATE_FAILED = 'Could not send your rating. Please check your connection and try again.';
const STARS = [1, 2, 3, 4, 5] as const;

const SKIPPED_KEY = 'greenpick-rating-skipped';

function skippedIds(): string[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(SKIPPED_KEY) ?? '[]');
    return Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether the client said 'Skip' to rating this task (asked once, on this device). */
export function isRatingSkipped(taskId: string): boolean {
  return skippedIds().includes(taskId);
}

/** Remembers 'Skip' (the last 50 tasks are enough: older ones are not asked about). */
export function skipRating(taskId: string): void {
  try {
    localStorage.setItem(SKIPPED_KEY, JSON.stringify([...skippedIds(), taskId].slice(-50)));
  } catch {
    // Private mode: asked again next time.
  }
}

const starsText = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/**
 * A completed task's rating: the one given, or 1-5 stars (a radio group) and an optional comment,
 * once. `onSkip`: asked as a prompt ('How was your pickup?'), which the client may skip.
 */
export function RateDriver({
  task,
  driverName,
  onRated,
  onSkip,
}: {
  task: Task;
  driverName: string;
  onRated: (task: Task) => void;
  onSkip?: () => void;
}) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const ids = useId();
  const rating = useRateTask({
    onSuccess: onRated,
    onError: async (failure) => setError(failureMessage(await readCallFailure(failure), RATE_FAILED)),
  });

  if (task.rating) {
    return (
      <section className="task-rating" aria-labelledby={`${ids}-title`}>
        <h3 id={`${ids}-title`} className="task-section-title">
          Your rating
        </h3>
        <p className="task-rating-given">
          <span aria-hidden="true">{'★'.repeat(task.rating.stars)}</span>
          <span>{` You rated ${driverName} ${starsText(task.rating.stars)} out of 5`}</span>
        </p>
        {task.rating.comment ? <p className="task-rating-comment">“{task.rating.comment}”</p> : null}
      </section>
    );
  }

  return (
    <form
      className={onSkip ? 'task-rating task-form task-rating-prompt' : 'task-rating task-form'}
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (stars < 1) {
          setError('Please choose 1 to 5 stars');
          return;
        }
        setError('');
        rating.mutate({ taskId: task._id, stars, ...(comment.trim() ? { comment } : {}) });
      }}
    >
      <h3 id={`${ids}-title`} className="task-section-title">
        {onSkip ? `How was your pickup? Rate ${driverName}` : `Rate ${driverName}`}
      </h3>
      <fieldset className="task-stars">
        <legend className="sr-only">Stars</legend>
        {STARS.map((value) => (
          <label key={value} className={value <= stars ? 'task-star is-on' : 'task-star'}>
            <input
              type="radio"
              className="task-star-input"
              name={`${ids}-stars`}
              value={value}
              checked={stars === value}
              onChange={() => setStars(value)}
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{starsText(value)}</span>
          </label>
        ))}
      </fieldset>
      <label className="task-field-label" htmlFor={`${ids}-comment`}>
        Comment (optional)
      </label>
      <textarea
        id={`${ids}-comment`}
        className="task-textarea"
        rows={2}
        maxLength={MAX_LENGTH.ratingComment}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      {error ? (
        <p className="task-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="task-rating-actions">
        <button type="submit" className="button" disabled={rating.isPending}>
          {rating.isPending ? 'Sending...' : 'Send rating'}
        </button>
        {onSkip ? (
          <button type="button" className="button task-details-secondary" onClick={onSkip}>
            Skip
          </button>
        ) : null}
      </div>
    </form>
  );
}
