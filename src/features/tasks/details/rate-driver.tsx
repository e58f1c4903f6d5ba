import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Task } from '../../../shared/contract';
import { rateTask } from '../../../lib/api/aftercare';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';
import { MAX_LENGTH } from '../../../shared/limits';

export const RATE_FAILED = 'Could not send your rating. Please check your connection and try again.';
const STARS = [1, 2, 3, 4, 5] as const;

const starsText = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`;

/** A completed task's rating: the one given, or 1-5 stars (a radio group) and an optional comment, once. */
export function RateDriver({
  task,
  driverName,
  onRated,
}: {
  task: Task;
  driverName: string;
  onRated: (task: Task) => void;
}) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const ids = useId();
  const rating = useMutation({
    mutationFn: () => rateTask({ taskId: task._id, stars, ...(comment.trim() ? { comment } : {}) }),
    onSuccess: (rated) => onRated(rated),
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
      className="task-rating task-form"
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (stars < 1) {
          setError('Please choose 1 to 5 stars');
          return;
        }
        setError('');
        rating.mutate();
      }}
    >
      <h3 id={`${ids}-title`} className="task-section-title">
        Rate {driverName}
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
      <button type="submit" className="button" disabled={rating.isPending}>
        {rating.isPending ? 'Sending...' : 'Send rating'}
      </button>
    </form>
  );
}
