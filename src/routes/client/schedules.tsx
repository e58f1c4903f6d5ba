import { createFileRoute } from '@tanstack/react-router';
import { SchedulesScreen } from '../../features/tasks/schedules/schedules-screen';

export const Route = createFileRoute('/client/schedules')({
  preload: false,
  loader: ({ context }) => context.queries.schedules(),
  component: SchedulesScreen,
});
