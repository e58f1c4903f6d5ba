/** The support inbox: open requests, unanswered first, with the client's plan's priority; reply (the client reads it on the task) and close. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../lib/format';
import { MAX_LENGTH } from '../../shared/limits';
import { type SupportRequest, supportQuery, useCloseSupport, useReplySupport } from '../api';
import { LoadError } from '../error-message';
import { errorText } from '../http';
import { ConsoleLink } from '../link';

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

function RequestCard({ request, onDone }: { request: SupportRequest; onDone: (text: string) => void }) {
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const who = request.client.name || request.client.firstname;
  const finished = (text: string) => {
    setError(null);
    onDone(text);
  };
  const fail = async (failure: unknown) => setError(await errorText(failure));
  const send = useReplySupport({ onSuccess: () => finished(`Reply sent to ${who}.`), onError: fail });
  const close = useCloseSupport({ onSuccess: () => finished(`${who}'s request is closed.`), onError: fail });
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
        <form
          className="ops-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (reply.trim()) send.mutate({ id: request.id, reply: reply.trim() });
          }}
        >
          {!request.answered && (
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
          )}
          {error && (
            <p role="alert" className="ops-error">
              {error}
            </p>
          )}
          <div className="ops-actions">
            {!request.answered && (
              <button type="submit" className="button" disabled={send.isPending || !reply.trim()}>
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
