import { createFileRoute } from '@tanstack/react-router';
import { SignupScreen } from '../features/auth/signup-screen';

/** `signup?ref=CODE`: a referral link; the code goes with the sign-up. */
interface SignupSearch {
  ref?: string;
}

export const Route = createFileRoute('/signup')({
  validateSearch: (search: Record<string, unknown>): SignupSearch => {
    const ref =
      typeof search.ref === 'string' ? search.ref.trim() : typeof search.ref === 'number' ? String(search.ref) : '';
    return ref ? { ref } : {};
  },
  component: SignupRoute,
});

function SignupRoute() {
  const { ref } = Route.useSearch();
  return <SignupScreen referralCode={ref} />;
}
