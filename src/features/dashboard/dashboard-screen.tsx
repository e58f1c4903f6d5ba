import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Task } from '../../shared/contract';
import { failureText, type FailureTexts } from '../../lib/api/query-failure';
import { tasksQuery } from '../../lib/api/tasks';
import '../../lib/navigation-state';
import type { PendingTask } from '../../lib/pending-tasks';
import { usePendingTasks } from '../../lib/use-pending-tasks';
import { LoadFailed } from '../../ui/load-failed';
import { OfflineMarker } from '../../ui/offline-marker';
import { BalanceCard } from './balance-card';
import { GreetingHeader } from './greeting-header';
import { PendingTaskCards } from './pending-task-cards';
import { confirmedSince, pendingTaskCards } from './pending-task-rules';
import { OpenTasks, openTasks } from './open-tasks';
import { PlanCard } from './plan-card';
import { RecentTasks } from './recent-tasks';
import { ServiceGrid } from './service-grid';
import { newestFirst } from './recent-tasks-order';
import { useLiveUserAndTasks, useTaskAnnouncements } from './use-live-tasks';
import { useUnreadDot } from './use-unread-dot';
import './dashboard.css';

const MESSAGES: FailureTexts = {
  noToken: 'No authentication token found',
  failed: 'Failed to load data. Please check your connection.',
};
const NO_TASKS: readonly Task[] = [];

interface DashboardScreenProps {
  /** 'View Task' and the open tasks' cards: the route decides what opens (the task page). */
  onViewTask: (task: Task) => void;
  /** The payment reference of the booking just made (navigation state): its card is brought into view. */
  bookedReference?: string;
  /** Shown under the open tasks (the offer of notifications after a booking). */
  notice?: ReactNode;
  /** Recurring pickups ('Next pickup', dates not covered), given the client's tasks. */
  pickups?: (tasks: readonly Task[]) => ReactNode;
}

/**
 * The client home (/client and /client/home): loading, error (with Try Again) or loaded.
 * While loading, placeholders of the greeting and cards; the services and recent tasks come
 * with the data, since 'Your open tasks' (of unknown height) goes above them and would push an
 * early grid down the screen (a layout shift of 0.29 on a phone). The route's loader has
 * started the queries. Once loaded it stays current by itself (use-live-tasks.tsx), shows paid bookings not confirmed yet above the cards, and
 * brings the booking just made into view.
 */
export function DashboardScreen({ onViewTask, bookedReference, notice, pickups }: DashboardScreenProps) {
  const query = useLiveUserAndTasks();
  const data = query.data;
  const tasks = data?.tasks ?? NO_TASKS;
  const newest = useMemo(() => newestFirst(tasks), [tasks]);
  const open = useMemo(() => openTasks(newest), [newest]);
  const navigate = useNavigate();
  const chooseService = (tag: string) => void navigate({ to: '/client/create', state: { serviceType: tag } });
  const announcement = useTaskAnnouncements(query);
  const dot = useUnreadDot(Boolean(data?.user.notification));
  const kept = usePendingTasks();
  useRefetchWhenConfirmed(kept.tasks, data?.user._id);

  return (
    <section className="page dashboard">
      <h1 className="sr-only">Home</h1>
      <div className="sr-only" aria-live="polite" data-testid="task-updates">
        {announcement}
      </div>
      {query.error ? (
        <LoadFailed className="dashboard-error" message={failureText(query.error, MESSAGES)} />
      ) : (
        <>
          {data ? (
            <>
              <OfflineMarker cachedAt={query.cachedAt} />
              <GreetingHeader firstName={data.user.firstname} hasUnread={dot.hasUnread} onEventsRead={dot.markRead} />
              <OpenTasks tasks={open} onOpenTask={onViewTask} />
              {notice}
              {pickups?.(tasks)}
              <PendingTaskCards
                cards={pendingTaskCards(kept.tasks, tasks)}
                highlightReference={bookedReference}
                onDismiss={(reference) => void kept.dismiss(reference)}
              />
              <div className="dashboard-cards">
                <BalanceCard balance={data.user.balance} />
                <PlanCard subscription={data.user.subscription} />
              </div>
            </>
          ) : (
            <>
              <div className="dashboard-header">
                <p className="dashboard-status" role="status">
                  Loading data...
                </p>
              </div>
              <div className="dashboard-cards" aria-hidden="true">
                <div className="dashboard-card dashboard-card-placeholder" />
                <div className="dashboard-card dashboard-card-placeholder" />
              </div>
            </>
          )}
          {data ? (
            <>
              <ServiceGrid onChoose={chooseService} />
              <RecentTasks tasks={newest} onViewTask={onViewTask} highlightReference={bookedReference} />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A paid booking the server has just confirmed turns into the real task: the tasks are fetched again. */
function useRefetchWhenConfirmed(kept: readonly PendingTask[], userId: string | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef(kept);
  useEffect(() => {
    if (userId && confirmedSince(previous.current, kept).length > 0)
      void queryClient.invalidateQueries({ queryKey: tasksQuery(userId).queryKey });
    previous.current = kept;
  }, [kept, userId, queryClient]);
}
