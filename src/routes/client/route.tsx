import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { signedOutRedirect } from '../../features/auth/guard';
import { SignedInShell } from '../../features/shell/signed-in-shell';
import { getToken } from '../../lib/token-storage';

export const Route = createFileRoute('/client')({
  beforeLoad: () => {
    const target = signedOutRedirect(getToken());
    if (target) throw redirect(target);
  },
  // Nothing of the signed-in area shows until the token check has passed.
  pendingComponent: () => null,
  component: () => (
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  ),
});
