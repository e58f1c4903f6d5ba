import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen';

// The first screen of most visits: kept in the entry chunk (not split off by autoCodeSplitting),
// so it paints without a further round trip.
export const Route = createFileRoute('/')({
  component: LoginScreen,
  codeSplitGroupings: [['loader']],
});
