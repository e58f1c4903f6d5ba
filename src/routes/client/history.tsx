import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { HistoryPage } from './-history-page';

export const Route = createFileRoute('/client/history')({
  preload: false,
  loader: ({ context }) => ({ history: context.reads.userAndTasks() }),
  component: () => <HistoryPage history={useLoaderData({ from: '/client/history' }).history} />,
});
