import { createFileRoute, useRouter } from '@tanstack/react-router';
import { ExtraPayScreen } from '../../features/tasks/details/extra-request';
import { useUserAndTasks } from '../../lib/use-user-and-tasks';

const loadPayments = () => import('../../features/payments/pay');

export const Route = createFileRoute('/client/tasks/$taskId_/extra')({
  preload: false,
  loader: ({ context }) => context.queries.userAndTasks(),
  component: ExtraRoute,
});

/**
 * The extra the driver's weight asks for, paid on a page of its own (the task's dialog cannot
 * hold a checkout above it), then back to the task; a push about it opens the task.
 */
function ExtraRoute() {
  const { taskId } = Route.useParams();
  const router = useRouter();
  const query = useUserAndTasks({ refetchInterval: 10_000 });
  const back = () => void router.navigate({ to: '/client/tasks/$taskId', params: { taskId }, replace: true });
  return (
    <ExtraPayScreen
      taskId={taskId}
      email={query.data?.user.email ?? ''}
      task={query.data?.tasks.find((task) => task._id === taskId)}
      loadPayments={loadPayments}
      onDone={back}
    />
  );
}
