import { Suspense, lazy } from 'react';
import { useInstallOffer } from '../lib/install-prompt';
import { OfflineBanner } from './offline-banner';
import './app-notices.css';

// The card's texts and CSS load when it shows: most visits never show it.
const InstallPrompt = lazy(() => import('./install-prompt').then(({ InstallPrompt }) => ({ default: InstallPrompt })));

/** Notices above every screen: the offline banner and the install prompt. */
export function AppNotices() {
  const installOffer = useInstallOffer();
  return (
    <div className="app-notices">
      <OfflineBanner />
      {installOffer && (
        <Suspense fallback={null}>
          <InstallPrompt offer={installOffer} />
        </Suspense>
      )}
    </div>
  );
}
