import { useQueryClient } from '@tanstack/react-query';
import type { QueryData } from '../../lib/api/query-data';
import { userQuery } from '../../lib/api/user';
import type { User } from '../../shared/contract';

export interface UnreadDot {
  hasUnread: boolean;
  /** The client has read the events (the bell's list marked them read on the server). */
  markRead(): void;
}

/**
 * The bell's red dot: the user's `notification` flag (the server sets it while events are
 * unread). Marking read cancels a user query already on its way (its response predates the
 * mark) and clears the flag in the cache; the next response says what is true again.
 */
export function useUnreadDot(hasNotification: boolean): UnreadDot {
  const queryClient = useQueryClient();
  return {
    hasUnread: hasNotification,
    markRead: () => {
      const { queryKey } = userQuery();
      void queryClient
        .cancelQueries({ queryKey })
        .then(() =>
          queryClient.setQueryData<QueryData<User>>(queryKey, (cached) =>
            cached ? { ...cached, data: { ...cached.data, notification: false } } : cached,
          ),
        );
    },
  };
}
