import { useNavigate } from '@tanstack/react-router';
import type { Task } from '../../shared/contract';
import { rememberOpener } from '../../lib/return-focus';

/**
 * 'View Task' and the open tasks' cards open the task's page (asking for the route map's code
 * alongside, as the modal did); Back returns focus to the button.
 */
export function useOpenTask(): (task: Task) => void {
  const navigate = useNavigate();
  return (task) => {
    rememberOpener();
    void import('../../features/maps/lazy-route-map');
    void navigate({ to: '/client/tasks/$taskId', params: { taskId: task._id } });
  };
}
