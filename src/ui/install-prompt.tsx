import { useState } from 'react';
import { INSTALL_DISMISSED_KEY, promptInstall, type InstallOffer } from '../lib/install-prompt';
import './install-prompt.css';

/**
 * 'Install GreenPick' where the browser offers it (beforeinstallprompt), or, on iOS Safari,
 * how to add it to the home screen. 'Not now' hides it on this device. Shown when
 * useInstallOffer (lib/install-prompt.ts) says so.
 */
export function InstallPrompt({ offer }: { offer: Exclude<InstallOffer, null> }) {
  const [isDismissed, setIsDismissed] = useState(false);
  if (isDismissed) return null;

  const dismiss = () => {
    setIsDismissed(true);
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
  };

  return (
    <section className="app-notice app-notice-install" aria-label="Install the app">
      {offer === 'prompt' ? (
        <>
          <p>Install GreenPick on this device: it opens from your home screen and works on patchy data.</p>
          <div className="app-notice-actions">
            <button type="button" className="button button-small" onClick={() => void promptInstall()}>
              Install app
            </button>
            <button type="button" className="button button-small button-quiet" onClick={dismiss}>
              Not now
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            Install GreenPick: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
          </p>
          <div className="app-notice-actions">
            <button type="button" className="button button-small button-quiet" onClick={dismiss}>
              Got it
            </button>
          </div>
        </>
      )}
    </section>
  );
}
