import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { HomePage } from './-home-page';

export const Route = createFileRoute('/client/home')({
  // Hovering a link preloads the code, not the data.
  preload: false,
  loader: ({ context }) => ({ dashboard: context.reads.userAndTasks() }),
  component: () => <HomePage dashboard={useLoaderData({ from: '/client/home' }).dashboard} />,
});
