import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../ui/placeholder-page';

export const Route = createFileRoute('/client/history')({
  component: () => <PlaceholderPage title="Order History" />,
});
