import { createFileRoute } from '@tanstack/react-router';
import { EditProfileScreen } from '../../features/profile/edit-profile-screen';

// No stored token goes to /login here (docs/product.md, Screens): the /client route's guard decides it.
export const Route = createFileRoute('/client/edit')({
  preload: false,
  loader: ({ context }) => context.queries.user(),
  component: EditProfileScreen,
});
