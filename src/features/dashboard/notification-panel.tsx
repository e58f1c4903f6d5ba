/**
 * The bell's list (loaded on the first open): the client's recent task events, newest first,
 * with the unread ones marked New, each about a task opening that task's page; the loading,
 * failed, empty and offline states. Opening it
 * with unread events marks them read on the server, up to the newest one shown.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { describeTaskEvent } from '../../shared/task-events';
import { taskEventsQuery, useMarkTaskEventsRead } from '../../lib/api/events';
import { failureText } from '../../lib/api/query-failure';
import { formatDateTime } from '../../lib/format';
import { OfflineMarker } from '../../ui/offline-marker';

const LOAD_FAILED = 'Could not load your notifications. Please check your connection.';

interface NotificationPanelProps {
  id: string;
  onClose: () => void;
  onRead: () => void;
}

export default function NotificationPanel({ id, onClose, onRead }: NotificationPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const events = useQuery(taskEventsQuery());
  const marking = useMarkTaskEventsRead({
    // Still called once the list has closed: the dot goes all the same.
    onSuccess: () => onRead(),
    onError: (error) => console.warn('Could not mark the notifications read', error),
  });
  const { mutate: markRead } = marking;

  useEffect(() => heading.current?.focus(), []);

  // Read means seen here, fresh: a list cached on the device (offline) marks nothing.
  const fresh = events.data && events.data.cachedAt === null && !events.isFetching ? events.data.data : null;
  const unreadUpTo = fresh?.some((event) => !event.read) ? fresh[0]?.at : undefined;
  useEffect(() => {
    if (unreadUpTo) markRead(unreadUpTo);
  }, [unreadUpTo, markRead]);

  const shown = events.data;

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
      {!shown && (events.isFetching || !events.error) ? (
        <p className="bell-panel-note">Loading notifications...</p>
      ) : null}
      {!shown && events.error && !events.isFetching ? (
        <div className="bell-panel-note" role="alert">
          <p>{failureText(events.error, { failed: LOAD_FAILED })}</p>
          <button type="button" className="button button-small bell-panel-retry" onClick={() => void events.refetch()}>
            Try Again
          </button>
        </div>
      ) : null}
      {shown ? (
        <>
          <OfflineMarker cachedAt={shown.cachedAt} className="bell-panel-offline" />
          {shown.data.length === 0 ? (
            <div className="bell-panel-note bell-empty">
              <p className="bell-empty-title">No notifications yet</p>
              <p className="muted">When a driver is assigned or a task changes, you will see it here.</p>
            </div>
          ) : (
            // Focusable so that a keyboard can scroll a long list.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it (WCAG 2.1.1).
            <ul className="bell-list" aria-label="Recent task updates" tabIndex={0}>
              {shown.data.map((event) => (
                <li key={event._id} className={event.read ? 'bell-event' : 'bell-event bell-event-unread'}>
                  <p className="bell-event-text">
                    {event.read ? null : (
                      <span className="bell-event-new">
                        New<span className="sr-only">: </span>
                      </span>
                    )}
                    {event.taskId ? (
                      <Link
                        to="/client/tasks/$taskId"
                        params={{ taskId: event.taskId }}
                        className="bell-event-link"
                        onClick={onClose}
                      >
                        {describeTaskEvent(event)}
                      </Link>
                    ) : (
                      describeTaskEvent(event)
                    )}
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
