import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/client/create')({
  component: () => <PlaceholderPage title="Create a Task" />,
});
