import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/client/profile')({
  component: () => <PlaceholderPage title="Profile" />,
});
