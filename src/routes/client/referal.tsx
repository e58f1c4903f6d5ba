import { createFileRoute, useLoaderData } from '@tanstack/react-router';
import { ReferralScreen } from '../../features/profile/referral-screen';

export const Route = createFileRoute('/client/referal')({
  preload: false,
  loader: ({ context }) => ({ user: context.reads.user() }),
  component: () => <ReferralScreen user={useLoaderData({ from: '/client/referal' }).user} />,
});
