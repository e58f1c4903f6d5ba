import { useRouterState } from '@tanstack/react-router';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { PushOffer } from '../../features/notifications/push-offer';
import { useReturnFocus } from '../../lib/return-focus';
import { useOpenTask } from './-open-task';

/**
 * The home of /client and /client/home: the dashboard; 'View Task' and the open tasks open the
 * task page (/client/tasks/$taskId). After a booking, the create screen hands over the payment
 * reference (navigation state) so that the new task is brought into view, and notifications
 * are offered (never on load).
 */
export function HomePage() {
  const bookedReference = useRouterState({ select: (state) => state.location.state.bookedReference });
  const openTask = useOpenTask();
  useReturnFocus();
  return (
    <DashboardScreen
      onViewTask={openTask}
      bookedReference={bookedReference}
      notice={bookedReference ? <PushOffer /> : null}
    />
  );
}
