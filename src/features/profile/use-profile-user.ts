import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { userQuery } from '../../lib/api/user';
import { useSessionStore } from '../../lib/session-store';

/**
 * The user of Profile and Edit Profile. A 401 goes to /login (docs/product.md, Profile): the HTTP
 * client ends the session (which also clears the query cache, so the query's error is gone) and
 * the shell leaves for /; this navigation, a task later, wins.
 */
export function useProfileUser() {
  const router = useRouter();
  useEffect(() => {
    const toLogin = () => setTimeout(() => void router.navigate({ to: '/login', replace: true }), 0);
    // The route's loader started the query: the session may have expired before this screen showed.
    const { token, notice } = useSessionStore.getState();
    if (!token && notice) toLogin();
    return useSessionStore.subscribe((state, previous) => {
      if (previous.token && !state.token && state.notice) toLogin();
    });
  }, [router]);
  return useQuery(userQuery());
}
