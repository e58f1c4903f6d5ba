import { createFileRoute } from '@tanstack/react-router';
import { HistoryPage } from './-history-page';

export const Route = createFileRoute('/client/history')({
  preload: false,
  loader: ({ context }) => context.queries.userAndTasks(),
  component: HistoryPage,
});
