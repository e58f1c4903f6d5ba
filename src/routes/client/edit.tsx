import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/client/edit')({
  component: () => <PlaceholderPage title="Edit Profile" />,
});
