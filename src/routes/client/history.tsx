import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { HistoryScreen } from '../../features/tasks/history/history-screen';

export const Route = createFileRoute('/client/history')({
  preload: false,
  loader: ({ context }) => ({ history: context.reads.userAndTasks() }),
  component: () => <HistoryScreen history={useLoaderData({ from: '/client/history' }).history} />,
});
