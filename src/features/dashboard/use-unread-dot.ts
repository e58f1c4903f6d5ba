import { useEffect, useState } from 'react';

export interface UnreadDot {
  hasUnread: boolean;
  /** The client has read the events (the bell's list marked them read on the server). */
  markRead(): void;
}

/**
 * The bell's red dot: the user's `notification` flag (the server sets it while events are
 * unread). Once the client has read them, the dot stays off until an answer read after that
 * moment says otherwise, so a read that was already on its way cannot bring it back.
 */
export function useUnreadDot(dashboard: Promise<unknown>, hasNotification: boolean): UnreadDot {
  const [readAt, setReadAt] = useState<number | null>(null);
  const [shownReadStartedAt, setShownReadStartedAt] = useState(0);

  useEffect(() => {
    const startedAt = Date.now();
    let isCurrent = true;
    dashboard.then(
      () => isCurrent && setShownReadStartedAt((shown) => Math.max(shown, startedAt)),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [dashboard]);

  return {
    hasUnread: hasNotification && (readAt === null || shownReadStartedAt > readAt),
    markRead: () => setReadAt(Date.now()),
  };
}
