import { Suspense, lazy, useState } from 'react';
import { Link, createFileRoute, useCanGoBack, useRouter } from '@tanstack/react-router';
import { TaskPage } from '../../features/tasks/details/task-page';
import type { Task } from '../../shared/contract';

// The chat and the route map load on first use, so the page's own code stays small.
const ChatModal = lazy(async () => ({ default: (await import('../../features/chat/chat-modal')).ChatModal }));
const LazyRouteMap = lazy(async () => ({ default: (await import('../../features/maps/lazy-route-map')).LazyRouteMap }));

export const Route = createFileRoute('/client/tasks/$taskId')({
  preload: false,
  loader: ({ context }) => context.queries.userAndTasks(),
  component: TaskRoute,
});

/**
 * A task's own address (deep-linkable; from Home, History and the bell): Task Details, whose
 * 'Open Chat' replaces it with the chat. Closing either goes Back to where the page was opened
 * from (Android's and the browser's Back do the same); opened directly, closing goes Home.
 */
function TaskRoute() {
  const { taskId } = Route.useParams();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const [chatTask, setChatTask] = useState<Task | null>(null);
  const close = () => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: '/client/home', replace: true });
  };
  return (
    <Suspense fallback={null}>
      {chatTask ? (
        <ChatModal task={chatTask} onClose={close} />
      ) : (
        <TaskPage
          taskId={taskId}
          onClose={close}
          onOpenChat={setChatTask}
          renderMap={(driver, place) => (
            <Suspense fallback={null}>
              <LazyRouteMap driver={driver} task={place} />
            </Suspense>
          )}
          renderReceiptLink={(id) => (
            <Link to="/client/tasks/$taskId/receipt" params={{ taskId: id }}>
              View receipt
            </Link>
          )}
        />
      )}
    </Suspense>
  );
}
