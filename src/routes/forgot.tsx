import { createFileRoute } from '@tanstack/react-router';
import { ForgotScreen } from '../features/auth/forgot-screen';
import { PublicPage } from '../ui/public-page';

export const Route = createFileRoute('/forgot')({
  component: () => (
    <PublicPage>
      <ForgotScreen />
    </PublicPage>
  ),
});
