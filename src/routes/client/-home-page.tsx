import { useRouterState } from '@tanstack/react-router';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { WithTaskModals } from './-task-modals';

/**
 * The home of /client and /client/home: the dashboard; 'View Task' opens Task Details, then the
 * chat. After a booking, the create screen hands over the payment reference (navigation state)
 * so that the new task is brought into view.
 */
export function HomePage() {
  const bookedReference = useRouterState({ select: (state) => state.location.state.bookedReference });
  return (
    <WithTaskModals
      render={(viewTask) => <DashboardScreen onViewTask={viewTask} bookedReference={bookedReference} />}
    />
  );
}
