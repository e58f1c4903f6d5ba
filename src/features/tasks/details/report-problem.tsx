import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { SupportCategory } from '../../../shared/contract';
import { supportRequestsQuery, useSendSupportRequest } from '../../../lib/api/aftercare';
import { formatDateTime } from '../../../lib/format';
import { rulesResolver } from '../../../lib/form-resolver';
import { Button } from '../../../ui/button';
import { failureMessage, readCallFailure } from '../../../shared/call-failure';
import { MAX_LENGTH } from '../../../shared/limits';
import { SUPPORT_CATEGORIES } from '../../../shared/task-progress';

export const REPORT_FAILED = 'Could not send your report. Please check your connection and try again.';
export const REPORT_SENT = 'Thank you: we have your report and will answer here and in your notifications.';

interface ReportValues {
  category: SupportCategory | '';
  text: string;
}

/** The first thing missing; the server checks the length and the characters. */
const reportResolver = rulesResolver<ReportValues>(({ category, text }) =>
  !category
    ? { category: 'Please choose what the problem is about' }
    : !text.trim()
      ? { text: 'Please describe the problem' }
      : {},
);

/**
 * 'Report a problem' on a task: a category and up to 1,000 characters; the requests already
 * sent about this task are listed with the operator's reply once there is one.
 */
export function ReportProblem({ taskId }: { taskId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  // Checked on submit only; the values and a problem stay while the form is closed and opened again.
  const form = useForm<ReportValues>({
    defaultValues: { category: '', text: '' },
    resolver: reportResolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const error = errors.root?.message ?? errors.category?.message ?? errors.text?.message;
  const text = form.watch('text');
  const [sent, setSent] = useState(false);
  const ids = useId();
  const requests = useQuery(supportRequestsQuery());
  const mine = (requests.data ?? []).filter((request) => request.taskId === taskId);
  const sending = useSendSupportRequest({
    onSuccess: () => {
      setSent(true);
      setIsOpen(false);
      form.reset();
    },
    onError: async (failure) =>
      form.setError('root', { message: failureMessage(await readCallFailure(failure), REPORT_FAILED) }),
  });

  return (
    <section className="task-support" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="task-section-title">
        Problems with this task
      </h3>
      {mine.length > 0 ? (
        <ul className="task-support-list" aria-label="Your reports">
          {mine.map((request) => (
            <li key={request._id} className="task-support-item">
              <p className="task-support-text">{request.text}</p>
              <p className="muted task-hint">
                Sent <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
              </p>
              {request.reply ? (
                <p className="task-support-reply">
                  <strong>GreenPick support: </strong>
                  {request.reply}
                </p>
              ) : (
                <p className="muted task-hint">Waiting for a response</p>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {sent ? (
        <p className="task-success" role="status">
          {REPORT_SENT}
        </p>
      ) : null}
      {isOpen ? (
        <form
          className="task-form"
          onSubmit={form.handleSubmit((values) =>
            sending.mutate({ taskId, category: values.category || 'other', text: values.text }),
          )}
        >
          <label className="task-field-label" htmlFor={`${ids}-category`}>
            What is it about?
          </label>
          <select id={`${ids}-category`} className="task-select" {...form.register('category')}>
            <option value="">Choose...</option>
            {SUPPORT_CATEGORIES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <label className="task-field-label" htmlFor={`${ids}-text`}>
            What happened?
          </label>
          <textarea
            id={`${ids}-text`}
            className="task-textarea"
            rows={4}
            maxLength={MAX_LENGTH.supportText}
            aria-describedby={`${ids}-count`}
            {...form.register('text')}
          />
          <p id={`${ids}-count`} className="muted task-hint">
            {text.length} / {MAX_LENGTH.supportText.toLocaleString('en-NG')} characters
          </p>
          {error ? (
            <p className="task-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="task-form-actions">
            <Button type="submit" busy={sending.isPending} busyText="Sending...">
              Send report
            </Button>
            <Button className="button task-details-secondary" onClick={() => setIsOpen(false)}>
              Not now
            </Button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="button task-details-secondary"
          onClick={() => {
            setSent(false);
            setIsOpen(true);
          }}
        >
          Report a problem
        </button>
      )}
    </section>
  );
}
