import { lazy, Suspense, useRef, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import type { Task } from '../../shared/contract';
import type { Answer } from '../../lib/api/answer';
import type { UserAndTasks } from '../../lib/signed-in-reads';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';

// The modals and the route map load on first use, so the dashboard's own code (what a phone
// waits for) stays small; 'View Task' asks for the map's code alongside the modal's.
const TaskDetailsModal = lazy(async () => ({ default: (await import('../../features/tasks/details/task-details-modal')).TaskDetailsModal }));
const ChatModal = lazy(async () => ({ default: (await import('../../features/chat/chat-modal')).ChatModal }));
const loadRouteMap = () => import('../../features/maps/lazy-route-map');
const LazyRouteMap = lazy(async () => ({ default: (await loadRouteMap()).LazyRouteMap }));

type Viewing = { task: Task; modal: 'details' | 'chat' } | null;

/**
 * The home of /client and /client/home: the dashboard; 'View Task' opens the Task Details
 * modal (with the route map), whose 'Open Chat' replaces it with the chat. Focus returns to
 * the 'View Task' button when either closes. After a booking, the create screen hands over the
 * payment reference (navigation state) so that the new task is brought into view.
 */
export function HomePage({ dashboard }: { dashboard: Promise<Answer<UserAndTasks>> }) {
  const [viewing, setViewing] = useState<Viewing>(null);
  const bookedReference = useRouterState({ select: (state) => state.location.state.bookedReference });
  const opener = useRef<HTMLElement | null>(null);

  const viewTask = (task: Task) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    void loadRouteMap();
    setViewing({ task, modal: 'details' });
  };
  const close = () => setViewing(null);

  return (
    <>
      <DashboardScreen dashboard={dashboard} onViewTask={viewTask} bookedReference={bookedReference} />
      <Suspense fallback={null}>
        {viewing?.modal === 'details' ? (
          <TaskDetailsModal
            task={viewing.task}
            onClose={close}
            onOpenChat={() => setViewing({ task: viewing.task, modal: 'chat' })}
            renderMap={(driver, task) => (
              <Suspense fallback={null}>
                <LazyRouteMap driver={driver} task={task} />
              </Suspense>
            )}
            returnFocusTo={opener.current}
          />
        ) : null}
        {viewing?.modal === 'chat' ? <ChatModal task={viewing.task} onClose={close} returnFocusTo={opener.current} /> : null}
      </Suspense>
    </>
  );
}
