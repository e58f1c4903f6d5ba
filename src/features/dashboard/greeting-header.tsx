import { NotificationBell } from './notification-bell';

interface GreetingHeaderProps {
  firstName: string;
  /** The red dot: the user has task events not read yet. */
  hasUnread: boolean;
  onEventsRead: () => void;
}

/** 'Welcome, {first name}' and the bell, with a red dot while the client has unread task events. */
export function GreetingHeader({ firstName, hasUnread, onEventsRead }: GreetingHeaderProps) {
  return (
    <header className="dashboard-header">
      <h2 className="dashboard-greeting">Welcome, {firstName}</h2>
      <NotificationBell hasUnread={hasUnread} onRead={onEventsRead} />
    </header>
  );
}
