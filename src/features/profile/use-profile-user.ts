import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { failureReason } from '../../lib/api/query-failure';
import { userQuery } from '../../lib/api/user';

/**
 * The user of Profile and Edit Profile. A 401 goes to /login (docs/product.md, Profile): the HTTP client
 * has removed the token and the shell is leaving for /, and this later navigation wins.
 */
export function useProfileUser() {
  const router = useRouter();
  const query = useQuery(userQuery());
  const isUnauthorized = !query.data && failureReason(query.error) === 'unauthorized';
  useEffect(() => {
    if (isUnauthorized) void router.navigate({ to: '/login', replace: true });
  }, [isUnauthorized, router]);
  return query;
}
