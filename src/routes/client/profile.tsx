import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { ProfileScreen } from '../../features/profile/profile-screen';

export const Route = createFileRoute('/client/profile')({
  preload: false,
  loader: ({ context }) => ({ user: context.reads.user() }),
  component: () => <ProfileScreen user={useLoaderData({ from: '/client/profile' }).user} />,
});
