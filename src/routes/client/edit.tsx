import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { EditProfileScreen } from '../../features/profile/edit-profile-screen';

// No stored token goes to /login here (docs/product.md, Screens): the /client route's guard decides it.
export const Route = createFileRoute('/client/edit')({
  preload: false,
  loader: ({ context }) => ({ user: context.reads.user() }),
  component: () => <EditProfileScreen user={useLoaderData({ from: '/client/edit' }).user} />,
});
