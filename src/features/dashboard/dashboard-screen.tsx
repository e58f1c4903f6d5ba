import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Task } from '../../shared/contract';
import type { Answer } from '../../lib/api/answer';
import '../../lib/navigation-state';
import type { UserAndTasks } from '../../lib/signed-in-reads';
import { useRead, type ReadMessages } from '../../lib/use-read';
import { LoadFailed } from '../../ui/load-failed';
import { OfflineMarker } from '../../ui/offline-marker';
import { BalanceCard } from './balance-card';
import { GreetingHeader } from './greeting-header';
import { PlanCard } from './plan-card';
import { RecentTasks } from './recent-tasks';
import { ServiceGrid } from './service-grid';
import { newestFirst } from './recent-tasks-order';
import './dashboard.css';

const MESSAGES: ReadMessages = { noToken: 'No authentication token found', failed: 'Failed to load data. Please check your connection.' };

interface DashboardScreenProps {
  /** The user and their tasks, read by the route's loader. */
  dashboard: Promise<Answer<UserAndTasks>>;
  /** 'View Task': the route decides what opens (the Task Details modal). */
  onViewTask: (task: Task) => void;
}

/**
 * The client home (/client and /client/home): loading, error (with Try Again) or loaded.
 * While loading, the service grid (which needs no data) is already shown under placeholders
 * of the greeting and cards that keep their size, so a slow network still gets a usable
 * screen at once and nothing moves when the data arrives.
 */
export function DashboardScreen({ dashboard, onViewTask }: DashboardScreenProps) {
  const data = useRead(dashboard, MESSAGES);
  const tasks = useMemo(() => (data.status === 'loaded' ? newestFirst(data.data.tasks) : []), [data]);
  const navigate = useNavigate();
  const chooseService = (tag: string) => void navigate({ to: '/client/create', state: { serviceType: tag } });

  return (
    <section className="page dashboard">
      <h1 className="sr-only">Home</h1>
      {data.status === 'error' ? (
        <LoadFailed className="dashboard-error" message={data.message} />
      ) : (
        <>
          {data.status === 'loaded' ? (
            <>
              <OfflineMarker cachedAt={data.cachedAt} />
              <GreetingHeader firstName={data.data.user.firstname} hasNotification={Boolean(data.data.user.notification)} />
              <div className="dashboard-cards">
                <BalanceCard balance={data.data.user.balance} />
                <PlanCard subscription={data.data.user.subscription} />
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
          <ServiceGrid onChoose={chooseService} />
          {data.status === 'loaded' ? <RecentTasks tasks={tasks} onViewTask={onViewTask} /> : null}
        </>
      )}
    </section>
  );
}
