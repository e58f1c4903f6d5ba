import type { Answer } from '../../lib/api/answer';
import type { UserAndTasks } from '../../lib/signed-in-reads';
import { HistoryScreen } from '../../features/tasks/history/history-screen';
import { WithTaskModals } from './-task-modals';

/** Order history; 'View Task' on a card opens Task Details, then the chat, as on Home. */
export function HistoryPage({ history }: { history: Promise<Answer<UserAndTasks>> }) {
  return <WithTaskModals render={(viewTask) => <HistoryScreen history={history} onViewTask={viewTask} />} />;
}
