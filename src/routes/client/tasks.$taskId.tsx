import { Suspense, lazy, useState } from 'react';
import { Link, createFileRoute, useCanGoBack, useRouter, useRouterState } from '@tanstack/react-router';
import { PushOffer } from '../../features/notifications/push-offer';
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
 * A task's own address (deep-linkable; from Home, History, the bell, and right after paying):
 * Task Details, whose 'Open Chat' replaces it with the chat; closing the chat comes back to the
 * task. Closing the task goes Back to where the page was opened from (Android's and the
 * browser's Back do the same); opened directly, closing goes Home. Right after a booking,
 * notifications are offered at the top of the page.
 */
function TaskRoute() {
  const { taskId } = Route.useParams();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const bookedReference = useRouterState({ select: (state) => state.location.state.bookedReference });
  const justBooked = Boolean(bookedReference);
  const [chatTask, setChatTask] = useState<Task | null>(null);
  const [isBackFromChat, setIsBackFromChat] = useState(false);
  const close = () => {
    // Right after paying (the booking form replaced by this page): Home, with the new task in view.
    if (bookedReference)
      // Home's list is read already: the card scrolls into view as it renders, so no scroll reset after it.
      void router.navigate({ to: '/client/home', state: { bookedReference }, replace: true, resetScroll: false });
    else if (canGoBack) router.history.back();
    else void router.navigate({ to: '/client/home', replace: true });
  };
  return (
    <Suspense fallback={null}>
      {chatTask ? (
        <ChatModal
          task={chatTask}
          onClose={() => {
            setIsBackFromChat(true);
            setChatTask(null);
          }}
        />
      ) : (
        <TaskPage
          taskId={taskId}
          onClose={close}
          onOpenChat={setChatTask}
          offer={justBooked ? <PushOffer /> : null}
          isBackFromChat={isBackFromChat}
          renderExtraLink={(id, label) => (
            <Link to="/client/tasks/$taskId/extra" params={{ taskId: id }} className="button">
              {label}
            </Link>
          )}
          renderMap={(driver, place, mode) => (
            <Suspense fallback={null}>
              <LazyRouteMap driver={driver} task={place} mode={mode} />
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
