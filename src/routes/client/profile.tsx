import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/profile/profile-screen';

export const Route = createFileRoute('/client/profile')({
  preload: false,
  loader: ({ context }) => context.queries.user(),
  component: ProfileScreen,
});
