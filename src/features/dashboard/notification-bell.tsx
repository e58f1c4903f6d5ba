import { Suspense, lazy, useEffect, useRef, useState } from 'react';

// The list and its call load on the first open: Home itself carries only the button.
const NotificationPanel = lazy(() => import('./notification-panel'));

const PANEL_ID = 'notification-panel';

interface NotificationBellProps {
  /** The red dot: events the client has not read. */
  hasUnread: boolean;
  /** The list has marked the events read. */
  onRead: () => void;
}

/**
 * The bell: a button that opens the client's recent task events below it (a disclosure, not
 * a modal). Opening moves focus into the list; Escape or Close shuts it and returns focus to
 * the bell; a click elsewhere or tabbing out of it shuts it too.
 */
export function NotificationBell({ hasUnread, onRead }: NotificationBellProps) {
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  const closeAndReturnFocus = () => {
    setIsOpen(false);
    button.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the bell and its list closes the list; the wrapper takes no input of its own.
    <div
      className="bell"
      ref={wrapper}
      onBlur={(event) => {
        if (isOpen && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget))
          setIsOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="dashboard-bell"
        aria-label={hasUnread ? 'Notifications: you have a new notification' : 'Notifications'}
        aria-expanded={isOpen}
        aria-controls={isOpen ? PANEL_ID : undefined}
        onClick={() => setIsOpen((open) => !open)}
      >
        <svg
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {hasUnread ? <span className="dashboard-bell-dot" data-testid="notification-dot" /> : null}
      </button>
      {isOpen ? (
        <Suspense
          fallback={
            <div className="bell-panel" id={PANEL_ID}>
              <p className="bell-panel-note">Loading notifications...</p>
            </div>
          }
        >
          <NotificationPanel id={PANEL_ID} onClose={closeAndReturnFocus} onRead={onRead} />
        </Suspense>
      ) : null}
    </div>
  );
}
