import { createFileRoute } from '@tanstack/react-router';
import { PhoneScreen } from '../features/auth/phone-screen';

export const Route = createFileRoute('/phone')({
  component: PhoneScreen,
});
