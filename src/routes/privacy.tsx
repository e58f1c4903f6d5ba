import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/auth/privacy-page';
import { PublicPage } from '../ui/public-page';

export const Route = createFileRoute('/privacy')({
  component: () => (
    <PublicPage>
      <PrivacyPage />
    </PublicPage>
  ),
});
