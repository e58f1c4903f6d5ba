import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { failureText } from '../../../lib/api/query-failure';
import { useUserAndTasks } from '../../../lib/use-user-and-tasks';
import type { Task } from '../../../shared/contract';
import { Modal } from '../../../ui/modal';
import { OfflineMarker } from '../../../ui/offline-marker';
import { bookAgainState } from './book-again';
import { TaskDetailsModal } from './task-details-modal';

/** While the task is under way its page stays current, as Home does. */
const REFRESH_MS = 30_000;

export const TASK_NOT_FOUND = 'This task was not found. It may belong to another account.';
const LOAD_FAILED = 'Failed to load the task. Please check your connection.';

interface TaskPageProps {
  taskId: string;
  onClose: () => void;
  onOpenChat: (task: Task) => void;
  renderMap: Parameters<typeof TaskDetailsModal>[0]['renderMap'];
  renderReceiptLink: (taskId: string) => ReactNode;
  /** Shown at the top of the task (the notifications offer right after a booking). */
  offer?: ReactNode;
  /** Back from the chat: focus on 'Open Chat'. */
  isBackFromChat?: boolean;
  /** The link to pay an extra the driver's weight asks for. */
  renderExtraLink?: (taskId: string, label: string) => ReactNode;
}

/**
 * /client/tasks/$taskId: the task read from the client's task list (the same query as Home and
 * History, so it opens at once from them and offline from the device's copy), shown as Task
 * Details; loading, failure and 'not found' in the same dialog.
 */
export function TaskPage({
  taskId,
  onClose,
  onOpenChat,
  renderMap,
  renderReceiptLink,
  offer,
  isBackFromChat,
  renderExtraLink,
}: TaskPageProps) {
  const navigate = useNavigate();
  const query = useUserAndTasks({ refetchInterval: REFRESH_MS });
  const task = query.data?.tasks.find((candidate) => candidate._id === taskId);

  if (!task) {
    return (
      <Modal title="Task Details" className="task-details" onClose={onClose}>
        {query.error ? (
          <p role="alert">{failureText(query.error, { failed: LOAD_FAILED })}</p>
        ) : query.data ? (
          <p role="alert">{TASK_NOT_FOUND}</p>
        ) : (
          <p role="status">Loading task...</p>
        )}
      </Modal>
    );
  }
  const again = bookAgainState(task);
  return (
    <TaskDetailsModal
      key={task._id}
      task={task}
      onClose={onClose}
      onOpenChat={() => onOpenChat(task)}
      renderMap={renderMap}
      renderReceiptLink={renderReceiptLink}
      notice={<OfflineMarker cachedAt={query.cachedAt} />}
      offer={offer}
      onBookAgain={again ? () => void navigate({ to: '/client/create', state: again }) : undefined}
      focusOpenChat={isBackFromChat}
      renderExtraLink={renderExtraLink}
    />
  );
}
