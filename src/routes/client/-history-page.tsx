import { HistoryScreen } from '../../features/tasks/history/history-screen';
import { useReturnFocus } from '../../lib/return-focus';
import { useOpenTask } from './-open-task';

/** Order history; 'View Task' on a card opens the task page, as on Home. */
export function HistoryPage() {
  const openTask = useOpenTask();
  useReturnFocus();
  return <HistoryScreen onViewTask={openTask} />;
}
