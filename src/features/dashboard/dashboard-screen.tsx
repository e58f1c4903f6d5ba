import { useNavigate } from '@tanstack/react-router';
import type { Task } from '../../shared/contract';
import '../../lib/navigation-state';
import { OfflineMarker } from '../../ui/offline-marker';
import { BalanceCard } from './balance-card';
import { GreetingHeader } from './greeting-header';
import { PlanCard } from './plan-card';
import { RecentTasks } from './recent-tasks';
import { ServiceGrid } from './service-grid';
import { useDashboardData } from './use-dashboard-data';
import './dashboard.css';

interface DashboardScreenProps {
  /** 'View Task': the route decides what opens (the Task Details modal). */
  onViewTask: (task: Task) => void;
}

/**
 * The client home (/client and /client/home): loading, error (with Try Again) or loaded.
 * While loading, the service grid (which needs no data) is already shown under placeholders
 * of the greeting and cards that keep their size, so a slow network still gets a usable
 * screen at once and nothing moves when the data arrives.
 */
export function DashboardScreen({ onViewTask }: DashboardScreenProps) {
  const data = useDashboardData();
  const navigate = useNavigate();
  const chooseService = (tag: string) => void navigate({ to: '/client/create', state: { serviceType: tag } });

  return (
    <section className="page dashboard">
      <h1 className="sr-only">Home</h1>
      {data.status === 'error' ? (
        <div className="dashboard-error" role="alert">
          <p>{data.message}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try Again
          </button>
        </div>
      ) : (
        <>
          {data.status === 'loaded' ? (
            <>
              <OfflineMarker cachedAt={data.cachedAt} />
              <GreetingHeader firstName={data.user.firstname} hasNotification={Boolean(data.user.notification)} />
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
          <ServiceGrid onChoose={chooseService} />
          {data.status === 'loaded' ? <RecentTasks tasks={data.tasks} onViewTask={onViewTask} /> : null}
        </>
      )}
    </section>
  );
}
