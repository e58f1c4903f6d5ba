import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { WithTaskModals } from './-task-modals';

/** The home of /client and /client/home: the dashboard; 'View Task' opens Task Details, then the chat. */
export function HomePage() {
  return <WithTaskModals render={(viewTask) => <DashboardScreen onViewTask={viewTask} />} />;
}
