import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/auth/terms-page';
import { PublicPage } from '../ui/public-page';

export const Route = createFileRoute('/terms')({
  component: () => (
    <PublicPage>
      <TermsPage />
    </PublicPage>
  ),
});
