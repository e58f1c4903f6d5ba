import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/client/settings')({
  component: () => <PlaceholderPage title="Settings" note={null} />,
});
