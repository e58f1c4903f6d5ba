import { createFileRoute, redirect } from '@tanstack/react-router';
import { signedOutRedirect } from '../../features/auth/guard';
import { getToken } from '../../lib/token-storage';
import { EditProfileScreen } from '../../features/profile/edit-profile-screen';

export const Route = createFileRoute('/client/edit')({
  // No stored token goes to /login here (SPEC route table), not to /.
  beforeLoad: () => {
    const target = signedOutRedirect(getToken(), '/login');
    if (target) throw redirect(target);
  },
  component: EditProfileScreen,
});
