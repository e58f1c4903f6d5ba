/** The support inbox: open requests, unanswered first, with the client's plan's priority; reply (the client reads it on the task) and close. */
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { MAX_LENGTH } from '../../shared/limits';
import { type SupportRequest, supportQuery, useCloseSupport, useReplySupport } from '../api';
import { LoadError } from '../error-message';
import { showRefusal, useConsoleForm } from '../form-values';
import { ConsoleLink } from '../link';
import { FormError } from '../../ui/text-field';
import { supportReplySchema } from '../../shared/schemas/ops-console';

export function SupportScreen() {
  const [all, setAll] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const requests = useQuery(supportQuery(all));
  return (
    <main className="ops-main">
      <div className="ops-title-row">
        <h1>Support</h1>
        <label className="ops-check">
          <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} />
          Show answered and closed requests
        </label>
      </div>
      {done && <p role="status">{done}</p>}
      {requests.isPending ? (
        <p>Loading…</p>
      ) : requests.isError ? (
        <LoadError error={requests.error} />
      ) : requests.data.length === 0 ? (
        <p className="muted">No open requests.</p>
      ) : (
        <ul className="ops-list">
          {requests.data.map((request) => (
            <RequestCard key={request.id} request={request} onDone={setDone} />
          ))}
        </ul>
      )}
    </main>
  );
}

const replyForm = z.object({ reply: supportReplySchema });

function RequestCard({ request, onDone }: { request: SupportRequest; onDone: (text: string) => void }) {
  // Checked by the server's own rule (supportReplySchema); the button waits for words.
  const form = useConsoleForm<{ reply: string }>({
    defaultValues: { reply: '' },
    resolver: zodResolver(replyForm),
  });
  const reply = useWatch({ control: form.control, name: 'reply' });
  const { errors, isSubmitting } = form.formState;
  const who = request.client.name || request.client.firstname;
  const fail = (failure: unknown) => showRefusal(form, failure);
  const send = useReplySupport();
  const close = useCloseSupport({
    onSuccess: () => {
      form.clearErrors('root');
      onDone(`${who}'s request is closed.`);
    },
    onError: fail,
  });
  const submit = async (values: { reply: string }) => {
    try {
      await send.mutateAsync({ id: request.id, reply: values.reply });
      onDone(`Reply sent to ${who}.`);
    } catch (failure) {
      await fail(failure);
    }
  };
  return (
    <li className="ops-panel" aria-label={`Request from ${who}`}>
      <p className="ops-card-title">
        <strong>
          <bdi>{who}</bdi>
        </strong>
        {request.priority && <span className="ops-badge ops-badge-priority">{request.priority}</span>}
        <span className="ops-badge">{request.answered ? 'Answered' : 'Unanswered'}</span>
        {request.closed && <span className="ops-badge">Closed</span>}
      </p>
      <p className="muted">
        {formatDateTime(request.createdAt)} · {request.category} ·{' '}
        <ConsoleLink to={`/console/tasks/${request.taskId}`}>{request.serviceName}</ConsoleLink>
      </p>
      <p className="ops-quote" dir="auto">
        {request.text}
      </p>
      {request.reply && <p className="ops-reply">Reply: {request.reply}</p>}
      {!request.closed && (
        <form className="ops-form" onSubmit={form.handleSubmit(submit)}>
          {!request.answered && (
            <label>
              Reply to {who}
              <textarea
                className="text-input"
                maxLength={MAX_LENGTH.supportText}
                required
                {...form.register('reply')}
              />
            </label>
          )}
          <FormError message={errors.root?.message ?? errors.reply?.message} className="ops-error" />
          <div className="ops-actions">
            {!request.answered && (
              <button type="submit" className="button" disabled={isSubmitting || !reply.trim()}>
                Send reply
              </button>
            )}
            <button
              type="button"
              className="button button-secondary"
              disabled={close.isPending}
              onClick={() => close.mutate(request.id)}
            >
              Close request
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
