import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../ui/placeholder-page';
import { PublicPage } from '../ui/public-page';

export const Route = createFileRoute('/terms')({
  component: () => (
    <PublicPage>
      <PlaceholderPage title="Terms of Service" />
    </PublicPage>
  ),
});
