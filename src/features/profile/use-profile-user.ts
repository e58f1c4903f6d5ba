import { useRouter } from '@tanstack/react-router';
import type { Answer } from '../../lib/api/answer';
import { useRead, type ReadState } from '../../lib/use-read';
import type { User } from '../../shared/contract';

/**
 * The user of Profile and Edit Profile. A 401 goes to /login (docs/product.md, Profile): the HTTP client
 * has removed the token and the shell is leaving for /, and this later navigation wins.
 */
export function useProfileUser(user: Promise<Answer<User>>): ReadState<User> {
  const router = useRouter();
  return useRead(
    user,
    { noToken: 'No authentication token found', failed: 'Failed to load profile data' },
    { onUnauthorized: () => void router.navigate({ to: '/login', replace: true }) },
  );
}
