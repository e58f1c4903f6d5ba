import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettings } from '../../features/notifications/notification-settings';
import { SettingsScreen } from '../../features/profile/settings-screen';

export const Route = createFileRoute('/client/settings')({
  component: () => <SettingsScreen notifications={<NotificationSettings />} />,
});
