import { InstallPrompt } from './install-prompt';
import { OfflineBanner } from './offline-banner';
import './app-notices.css';

/** Notices above every screen: the offline banner and the install prompt. */
export function AppNotices() {
  return (
    <div className="app-notices">
      <OfflineBanner />
      <InstallPrompt />
    </div>
  );
}
