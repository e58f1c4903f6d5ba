import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../../features/profile/settings-screen';

export const Route = createFileRoute('/client/settings')({
  component: SettingsScreen,
});
