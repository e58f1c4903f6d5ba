import { OfflineBanner } from './offline-banner';
import './app-notices.css';

/** Notices above every screen: the offline banner (the install card sits in the signed-in pages' flow). */
export function AppNotices() {
  return (
    <div className="app-notices">
      <OfflineBanner />
    </div>
  );
}
