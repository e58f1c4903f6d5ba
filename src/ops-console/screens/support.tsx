/** The support inbox: unanswered requests first, with the client's plan's priority; reply (the client sees it on the task) and close. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { MAX_LENGTH } from '../../shared/limits';
import { type SupportRequest, closeSupport, replySupport, supportQuery } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';
import { ConsoleLink } from '../link';

const answered = (request: SupportRequest) => request.answered ?? Boolean(request.reply);

export function SupportScreen() {
  const requests = useQuery(supportQuery());
  if (requests.isPending) return <main className="ops-main">Loading…</main>;
  if (requests.isError) return <LoadError error={requests.error} />;
  // The server orders them; unanswered stay first whatever it sends.
  const list = [...requests.data].sort((a, b) => Number(answered(a)) - Number(answered(b)));
  return (
    <main className="ops-main">
      <h1>Support</h1>
      {list.length === 0 ? (
        <p className="muted">No open requests.</p>
      ) : (
        <ul className="ops-list">
          {list.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
    </main>
  );
}

function RequestCard({ request }: { request: SupportRequest }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = () => {
    setError(null);
    void queryClient.invalidateQueries({ queryKey: ['ops', 'support'] });
  };
  const fail = async (failure: unknown) => setError(await errorText(failure));
  const send = useMutation({
    mutationFn: () => replySupport(request.id, reply.trim()),
    onSuccess: () => {
      setReply('');
      done();
    },
    onError: fail,
  });
  const close = useMutation({ mutationFn: () => closeSupport(request.id), onSuccess: done, onError: fail });
  const who = request.client.firstname ?? request.client.name ?? 'Client';
  const priority = request.priority ?? request.plan ?? request.client.plan ?? null;
  const replies =
    request.replies?.map((entry) => entry.text ?? entry.message ?? '') ?? (request.reply ? [request.reply] : []);
  return (
    <li className="ops-panel" aria-label={`Request from ${who}`}>
      <p className="ops-card-title">
        <strong>{who}</strong>
        {priority && <span className="ops-badge ops-badge-priority">{priority}</span>}
        <span className="ops-badge">{answered(request) ? 'Answered' : 'Unanswered'}</span>
        {request.closed && <span className="ops-badge">Closed</span>}
      </p>
      <p className="muted">
        {formatDateTime(request.createdAt)}
        {request.category || request.subject ? ` · ${request.category ?? request.subject}` : ''}
        {request.taskId && (
          <>
            {' · '}
            <ConsoleLink to={`/console/tasks/${request.taskId}`}>Task</ConsoleLink>
          </>
        )}
      </p>
      <p className="ops-quote">{request.text}</p>
      {replies.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a log only grows at its end; two entries may be alike.
        <p key={`${index}-${text}`} className="ops-reply">
          Reply: {text}
        </p>
      ))}
      {!request.closed && (
        <form
          className="ops-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (reply.trim()) send.mutate();
          }}
        >
          <label>
            Reply to {who}
            <textarea
              className="text-input"
              value={reply}
              onChange={(event) => setReply(event.target.value)}
              maxLength={MAX_LENGTH.supportText}
              required
            />
          </label>
          {error && (
            <p role="alert" className="ops-error">
              {error}
            </p>
          )}
          <div className="ops-actions">
            <button type="submit" className="button" disabled={send.isPending || !reply.trim()}>
              Send reply
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={close.isPending}
              onClick={() => close.mutate()}
            >
              Close request
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
