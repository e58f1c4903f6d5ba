import { useEffect } from 'react';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { signedOutRedirect, signedOutTarget } from '../../features/auth/guard';
import { SignedInShell } from '../../features/shell/signed-in-shell';
import { startPaidTaskReplay } from '../../features/tasks/booking/start-paid-task-replay';
import { createSessionReads } from '../../lib/session-reads';
import { getToken } from '../../lib/token-storage';

export const Route = createFileRoute('/client')({
  // Children run after this check, so it also decides for Edit profile and Subscribe (/login).
  beforeLoad: ({ location }) => {
    const token = getToken();
    const target = signedOutRedirect(token, signedOutTarget(location.pathname));
    if (target) throw redirect(target);
    // This navigation's reads: the screens' loaders share them (the user is read once).
    return { reads: createSessionReads(token) };
  },
  // Nothing of the signed-in area shows until the token check has passed.
  pendingComponent: () => null,
  component: SignedInArea,
});

/** The signed-in frame; opening it (app start) replays the paid tasks the server has not confirmed yet. */
function SignedInArea() {
  useEffect(startPaidTaskReplay, []);
  return (
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  );
}
