import { useBrowserOnline } from '../lib/online';

/**
 * Said once, at the top of every screen, while the device has no network. The status region
 * exists only while offline, so screens' own loading statuses stay the only ones when online.
 */
export function OfflineBanner() {
  const isOnline = useBrowserOnline();
  if (isOnline) return null;
  return (
    <p role="status" className="app-notice app-notice-offline">
      <strong>You are offline.</strong> Saved data is shown; booking and payment wait for the network.
    </p>
  );
}
