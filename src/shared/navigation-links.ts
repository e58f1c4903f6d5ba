/**
 * Navigation hand-off (docs/driver.md, 'The task'): the address each maps app opens at a pin,
 * in driving mode where the app takes one. Pure.
 */
export type NavigationApp = 'google' | 'waze' | 'geo';

export const NAVIGATION_APP_NAMES: Record<NavigationApp, string> = {
  google: 'Google Maps',
  waze: 'Waze',
  geo: "The phone's maps",
};

/** The link that opens `app` at the pin, driving: Google's directions, Waze's navigate, a geo: URI. */
export function navigationLink(app: NavigationApp, lat: number, lng: number): string {
  const at = `${lat},${lng}`;
  if (app === 'google') return `https://www.google.com/maps/dir/?api=1&destination=${at}&travelmode=driving`;
  if (app === 'waze') return `https://waze.com/ul?ll=${at}&navigate=yes`;
  // geo: has no mode; Android's maps apps open it as a place to navigate to, driving by default.
  return `geo:${at}?q=${at}`;
}
