import { useOnline } from '../lib/use-online';

/** Said once, at the top of every screen, while the device has no network. */
export function OfflineBanner() {
  const isOnline = useOnline();
  return (
    <div role="status" className="app-notice-slot">
      {isOnline ? null : (
        <p className="app-notice app-notice-offline">
          <strong>You are offline.</strong> Saved data is shown; booking and payment wait for the network.
        </p>
      )}
    </div>
  );
}
