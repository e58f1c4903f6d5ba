import { useNavigate, useRouterState } from '@tanstack/react-router';
import type { Schedule, ScheduleRun } from '../../shared/contract';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { PushOffer } from '../../features/notifications/push-offer';
import { HomePickups } from '../../features/tasks/schedules/home-pickups';
import { useReturnFocus } from '../../lib/return-focus';
import { useOpenTask } from './-open-task';

/**
 * The home of /client and /client/home: the dashboard; 'View Task' and the open tasks open the
 * task page (/client/tasks/$taskId). After a booking, the create screen hands over the payment
 * reference (navigation state) so that the new task is brought into view, and notifications
 * are offered (never on load). Recurring pickups (the tasks feature) show under the open tasks.
 */
export function HomePage() {
  const bookedReference = useRouterState({ select: (state) => state.location.state.bookedReference });
  const openTask = useOpenTask();
  const navigate = useNavigate();
  useReturnFocus();
  // A recurring pickup's date the plan did not cover: booked and paid like 'Book again', in its window.
  const payForPickup = (schedule: Schedule, run: ScheduleRun) => {
    const [lng, lat] = schedule.location.coordinates;
    const { address, addressDetails, quantity } = schedule;
    void navigate({
      to: '/client/create',
      state: {
        serviceType: schedule.type,
        bookAgain: { address, lat, lng, addressDetails, quantity, scheduledFor: run.window },
      },
    });
  };
  return (
    <DashboardScreen
      onViewTask={openTask}
      bookedReference={bookedReference}
      notice={bookedReference ? <PushOffer /> : null}
      pickups={(tasks) => <HomePickups tasks={tasks} onPay={payForPickup} />}
    />
  );
}
