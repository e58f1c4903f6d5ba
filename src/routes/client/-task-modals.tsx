import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { Task } from '../../shared/contract';

// The modals and the route map load on first use, so the screen's own code (what a phone
// waits for) stays small; 'View Task' asks for the map's code alongside the modal's.
const TaskDetailsModal = lazy(async () => ({
  default: (await import('../../features/tasks/details/task-details-modal')).TaskDetailsModal,
}));
const ChatModal = lazy(async () => ({ default: (await import('../../features/chat/chat-modal')).ChatModal }));
const loadRouteMap = () => import('../../features/maps/lazy-route-map');
const LazyRouteMap = lazy(async () => ({ default: (await loadRouteMap()).LazyRouteMap }));

type Viewing = { task: Task; modal: 'details' | 'chat' } | null;

/**
 * 'View Task' of Home and History: the Task Details modal (with the route map, from the maps
 * feature), whose 'Open Chat' replaces it with the chat. Focus returns to the 'View Task'
 * button when either closes. `render` gets the function a screen calls on 'View Task'.
 */
export function WithTaskModals({ render }: { render: (viewTask: (task: Task) => void) => ReactNode }) {
  const [viewing, setViewing] = useState<Viewing>(null);
  const opener = useRef<HTMLElement | null>(null);

  const viewTask = (task: Task) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    void loadRouteMap();
    setViewing({ task, modal: 'details' });
  };
  const close = () => setViewing(null);

  return (
    <>
      {render(viewTask)}
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
        {viewing?.modal === 'chat' ? (
          <ChatModal task={viewing.task} onClose={close} returnFocusTo={opener.current} />
        ) : null}
      </Suspense>
    </>
  );
}
