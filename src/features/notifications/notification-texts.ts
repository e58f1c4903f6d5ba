/** The words of the notification screens (Settings and the offer after a booking). */
import type { NotificationSettings } from '../../shared/contract';

export const TURN_ON = 'Get told when your driver is on the way';
export const OFFER_TEXT =
  'We can tell you when a driver is assigned, on the way and arriving, even when the app is closed.';
export const NOT_NOW = 'Not now';
/** Under the offer: where to find it again after 'Not now' or a refusal. */
export const LATER_HINT = 'You can turn them on later in Profile > Settings.';
export const ON_HERE = 'Notifications are on for this device.';
export const TURN_OFF = 'Turn off on this device';
export const BLOCKED =
  'Notifications are blocked for GreenPick in this browser. To allow them later, open the site settings (the icon next to the address bar), allow Notifications, then come back here.';
export const INSTALL_FIRST =
  'On iPhone and iPad, notifications work only in the installed app: tap Share, then "Add to Home Screen", and open GreenPick from your Home Screen.';
export const UNSUPPORTED = 'This browser cannot show notifications.';
export const FAILED = 'Notifications could not be turned on. Please check your connection and try again.';
export const SMS_INSTEAD = 'Without notifications, we send an SMS when your driver is assigned and arriving.';
export const SAVE_FAILED = 'Could not save your choice. Please try again.';

export const SWITCHES: ReadonlyArray<{ key: keyof NotificationSettings; label: string; hint: string }> = [
  { key: 'driverUpdates', label: 'Driver updates', hint: 'Assigned, on the way, arriving, done or cancelled' },
  { key: 'chat', label: 'Chat messages', hint: 'A message from your driver' },
  { key: 'receipts', label: 'Receipts and refunds', hint: 'Receipts, refunds and answers from support' },
  { key: 'reminders', label: 'Reminders', hint: 'The evening before a planned pickup' },
  { key: 'sms', label: 'SMS when push is off', hint: 'Driver assigned and arriving, by SMS to your phone' },
];
