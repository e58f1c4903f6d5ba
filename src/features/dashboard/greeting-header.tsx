/** 'Welcome, {first name}' and the bell, with a red dot when the user has a notification. */
export function GreetingHeader({ firstName, hasNotification }: { firstName: string; hasNotification: boolean }) {
  return (
    <header className="dashboard-header">
      <h2 className="dashboard-greeting">Welcome, {firstName}</h2>
      <span className="dashboard-bell" role="img" aria-label={hasNotification ? 'Notifications: you have a new notification' : 'Notifications'}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {hasNotification ? <span className="dashboard-bell-dot" data-testid="notification-dot" /> : null}
      </span>
    </header>
  );
}
