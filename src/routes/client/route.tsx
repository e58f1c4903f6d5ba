import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { signedOutRedirect, signedOutTarget } from '../../features/auth/guard';
import { SignedInShell } from '../../features/shell/signed-in-shell';
import { startPaidTaskReplay } from '../../features/tasks/booking/start-paid-task-replay';
import { refreshOnPush } from '../../lib/push-refresh';
import { getToken } from '../../lib/token-storage';

export const Route = createFileRoute('/client')({
  // Children run after this check, so it also decides for Edit profile and Subscribe (/login).
  beforeLoad: async ({ location }) => {
    const target = signedOutRedirect(getToken(), signedOutTarget(location.pathname));
    if (target) throw redirect(target);
    // Query loads with the signed-in chunk, not with the first screen; the loaders start their queries with it.
    const { navigationQueries, queryClient } = await import('../../lib/navigation-queries');
    return { queryClient, queries: navigationQueries(queryClient) };
  },
  // Nothing of the signed-in area shows until the token check has passed.
  pendingComponent: () => null,
  component: SignedInArea,
});

/**
 * The signed-in frame; opening it (app start) replays the paid tasks the server has not
 * confirmed yet. While it is open, a push has what it is about read again.
 */
function SignedInArea() {
  const { queryClient } = Route.useRouteContext();
  useEffect(startPaidTaskReplay, []);
  useEffect(
    () => refreshOnPush(queryClient, 'serviceWorker' in navigator ? navigator.serviceWorker : undefined),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInShell>
        <Outlet />
      </SignedInShell>
    </QueryClientProvider>
  );
}
