import { createFileRoute } from '@tanstack/react-router';
import { ReferralScreen } from '../../features/profile/referral-screen';

export const Route = createFileRoute('/client/referal')({ component: ReferralScreen });
