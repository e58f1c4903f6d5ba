import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../ui/placeholder-page';
import { PublicPage } from '../ui/public-page';

export const Route = createFileRoute('/signup')({
  component: () => (
    <PublicPage>
      <PlaceholderPage title="Create Account" />
    </PublicPage>
  ),
});
