/**
 * The app's toast container (loaded lazily by toast-host.tsx). On a phone, toasts sit at the
 * bottom above the tab bar, the newest two at a time (toasts.css), so they never cover a
 * screen's heading or the recovery steps and never bury the screen under a stack. Wider
 * screens keep them at the top centre.
 */
import { useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify';
import './toasts.css';

const PHONE = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export default function AppToastContainer() {
  const isPhone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  // At the bottom the newest toast is the one nearest the edge.
  return <ToastContainer position={isPhone ? 'bottom-center' : 'top-center'} newestOnTop={!isPhone} />;
}
