/**
 * Times shown to people (task times, chat times, 'last updated') are Lagos times on every
 * screen, whatever zone the phone is set to: a client abroad or with a wrong device zone
 * still sees the time the driver sees.
 */
export const DISPLAY_TIME_ZONE = 'Africa/Lagos';
