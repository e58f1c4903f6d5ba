import { useState } from 'react';
import type { Task } from '../../lib/contract';
import { DashboardScreen } from '../../features/dashboard/dashboard-screen';
import { TaskPreviewDialog } from '../../features/dashboard/task-preview-dialog';

/**
 * The home of /client and /client/home: the dashboard, and the task picked with 'View Task'
 * (kept here, where the Task Details modal will be composed in).
 */
export function HomePage() {
  const [viewedTask, setViewedTask] = useState<Task | null>(null);
  return (
    <>
      <DashboardScreen onViewTask={setViewedTask} />
      {viewedTask ? <TaskPreviewDialog task={viewedTask} onClose={() => setViewedTask(null)} /> : null}
    </>
  );
}
