import type { Answer } from '../../lib/api/answer';
import type { UserAndTasks } from '../../lib/signed-in-reads';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { WithTaskModals } from './-task-modals';

/** The home of /client and /client/home: the dashboard; 'View Task' opens Task Details, then the chat. */
export function HomePage({ dashboard }: { dashboard: Promise<Answer<UserAndTasks>> }) {
  return <WithTaskModals render={(viewTask) => <DashboardScreen dashboard={dashboard} onViewTask={viewTask} />} />;
}
