import { createFileRoute } from '@tanstack/react-router';
import { ReferralScreen } from '../../features/profile/referral-screen';

export const Route = createFileRoute('/client/referal')({
  preload: false,
  loader: ({ context }) => context.queries.user(),
  component: ReferralScreen,
});
