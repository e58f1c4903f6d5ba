import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/client/subscribe')({
  component: () => <PlaceholderPage title="Choose Your Plan" />,
});
