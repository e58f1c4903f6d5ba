import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { Task } from '../../../shared/contract';
import { useRateTask } from '../../../lib/api/aftercare';
import { rulesResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
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

interface RatingValues {
  stars: number;
  comment: string;
}

const ratingResolver = rulesResolver<RatingValues>(({ stars }) =>
  stars < 1 ? { stars: 'Please choose 1 to 5 stars' } : {},
);

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
  // Checked on submit only; a refused send is a root error, cleared by the next submit.
  const form = useForm<RatingValues>({
    defaultValues: { stars: 0, comment: '' },
    resolver: ratingResolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const stars = form.watch('stars');
  const { errors } = form.formState;
  const error = errors.root?.message ?? errors.stars?.message;
  const ids = useId();
  const rating = useRateTask({
    onSuccess: onRated,
    onError: async (failure) =>
      form.setError('root', { message: failureMessage(await readCallFailure(failure), RATE_FAILED) }),
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
      onSubmit={form.handleSubmit((values) =>
        rating.mutate({
          taskId: task._id,
          stars: values.stars,
          ...(values.comment.trim() ? { comment: values.comment } : {}),
        }),
      )}
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
              onChange={() => form.setValue('stars', value)}
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
        {...form.register('comment')}
      />
      {error ? (
        <p className="task-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="task-rating-actions">
        <Button type="submit" busy={rating.isPending} busyText="Sending...">
          Send rating
        </Button>
        {onSkip ? (
          <Button className="button task-details-secondary" onClick={onSkip}>
            Skip
          </Button>
        ) : null}
      </div>
    </form>
  );
}
