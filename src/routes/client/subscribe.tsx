import { createFileRoute, redirect } from '@tanstack/react-router';
import { signedOutRedirect } from '../../features/auth/guard';
import { getToken } from '../../lib/token-storage';
import { SubscribeScreen } from '../../features/subscriptions/subscribe-screen';

export const Route = createFileRoute('/client/subscribe')({
  // No stored token goes to /login here (SPEC route table), not to /.
  beforeLoad: () => {
    const target = signedOutRedirect(getToken(), '/login');
    if (target) throw redirect(target);
  },
  component: SubscribeScreen,
});
