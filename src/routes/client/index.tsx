import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from './-home-page';

export const Route = createFileRoute('/client/')({
  // Hovering a link preloads the code, not the data.
  preload: false,
  loader: ({ context }) => context.queries.userAndTasks(),
  component: HomePage,
});
