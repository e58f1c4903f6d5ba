/**
 * The bell's list (loaded on the first open): the client's recent task events, newest first,
 * with the unread ones marked New; the loading, failed, empty and offline states. Opening it
 * with unread events marks them read on the server, up to the newest one shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskEvent } from '../../shared/contract';
import { describeTaskEvent } from '../../shared/task-events';
import { getTaskEvents, markTaskEventsRead } from '../../lib/api/events';
import { formatDateTime } from '../../lib/format';
import { describeReadFailure } from '../../lib/use-read';
import { OfflineMarker } from '../../ui/offline-marker';

type PanelState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; events: TaskEvent[]; cachedAt: number | null };

const LOAD_FAILED = 'Could not load your notifications. Please check your connection.';

interface NotificationPanelProps {
  id: string;
  onClose: () => void;
  onRead: () => void;
}

export default function NotificationPanel({ id, onClose, onRead }: NotificationPanelProps) {
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);
  const latestOnRead = useRef(onRead);
  latestOnRead.current = onRead;

  const load = useCallback(async (isCurrent: () => boolean) => {
    setState({ status: 'loading' });
    try {
      const answer = await getTaskEvents();
      if (!isCurrent()) return;
      setState({ status: 'loaded', events: answer.data, cachedAt: answer.cachedAt });
      const newest = answer.data[0];
      // Read means seen here, fresh: a list kept on the device (offline) marks nothing.
      if (answer.cachedAt === null && newest && answer.data.some((event) => !event.read)) {
        markTaskEventsRead(newest.at).then(
          () => latestOnRead.current(),
          (error: unknown) => console.warn('Could not mark the notifications read', error),
        );
      }
    } catch (error) {
      const failure = await describeReadFailure(error, { failed: LOAD_FAILED });
      if (isCurrent()) setState({ status: 'error', message: failure.message });
    }
  }, []);

  useEffect(() => {
    heading.current?.focus();
    let isCurrent = true;
    void load(() => isCurrent);
    return () => {
      isCurrent = false;
    };
  }, [load]);

  return (
    <section className="bell-panel" id={id} aria-labelledby={`${id}-title`}>
      <div className="bell-panel-header">
        <h2 className="bell-panel-title" id={`${id}-title`} tabIndex={-1} ref={heading}>
          Notifications
        </h2>
        <button type="button" className="bell-panel-close" aria-label="Close notifications" onClick={onClose}>
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            focusable="false"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      {state.status === 'loading' ? <p className="bell-panel-note">Loading notifications...</p> : null}
      {state.status === 'error' ? (
        <div className="bell-panel-note" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button-small bell-panel-retry" onClick={() => void load(() => true)}>
            Try Again
          </button>
        </div>
      ) : null}
      {state.status === 'loaded' ? (
        <>
          <OfflineMarker cachedAt={state.cachedAt} className="bell-panel-offline" />
          {state.events.length === 0 ? (
            <div className="bell-panel-note bell-empty">
              <p className="bell-empty-title">No notifications yet</p>
              <p className="muted">When a driver is assigned or a task changes, you will see it here.</p>
            </div>
          ) : (
            // Focusable so that a keyboard can scroll a long list.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
            <ul className="bell-list" aria-label="Recent task updates" tabIndex={0}>
              {state.events.map((event) => (
                <li key={event._id} className={event.read ? 'bell-event' : 'bell-event bell-event-unread'}>
                  <p className="bell-event-text">
                    {event.read ? null : (
                      <span className="bell-event-new">
                        New<span className="sr-only">: </span>
                      </span>
                    )}
                    {describeTaskEvent(event)}
                  </p>
                  <time className="bell-event-time" dateTime={event.at}>
                    {formatDateTime(event.at)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
