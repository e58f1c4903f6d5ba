import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { signedOutRedirect, signedOutTarget } from '../../features/auth/guard';
import { SignedInShell } from '../../features/shell/signed-in-shell';
import { getToken } from '../../lib/token-storage';

export const Route = createFileRoute('/client')({
  // Children run after this check, so it also decides for Edit profile and Subscribe (/login).
  beforeLoad: ({ location }) => {
    const target = signedOutRedirect(getToken(), signedOutTarget(location.pathname));
    if (target) throw redirect(target);
    void import('../../features/tasks/booking/start-paid-task-replay').then((replay) => replay.startPaidTaskReplay());
  },
  // Nothing of the signed-in area shows until the token check has passed.
  pendingComponent: () => null,
  component: () => (
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  ),
});
