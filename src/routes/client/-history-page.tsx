import { HistoryScreen } from '../../features/tasks/history/history-screen';
import { WithTaskModals } from './-task-modals';

/** Order history; 'View Task' on a card opens Task Details, then the chat, as on Home. */
export function HistoryPage() {
  return <WithTaskModals render={(viewTask) => <HistoryScreen onViewTask={viewTask} />} />;
}
