import { useState } from 'react';
import { isStandaloneDisplay, needsIosInstallHelp, promptInstall, useCanInstall } from '../lib/install-prompt';
import './install-prompt.css';

const DISMISSED_KEY = 'greenpick-install-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * 'Install GreenPick' where the browser offers it (beforeinstallprompt), or, on iOS Safari,
 * how to add it to the home screen. 'Not now' hides it on this device. Signed-in pages only,
 * at the end of the page's flow: it never covers a form or its button, and arriving late it
 * moves nothing above it.
 */
export function InstallPrompt() {
  const canInstall = useCanInstall();
  const [isDismissed, setIsDismissed] = useState(wasDismissed);
  // Never in prerendered HTML (scripts/prerender-app.tsx): the device is not known there.
  const [showsIosHelp] = useState(
    () =>
      !import.meta.env.SSR && needsIosInstallHelp(navigator.userAgent, navigator.maxTouchPoints, isStandaloneDisplay()),
  );
  if (isDismissed || (!canInstall && !showsIosHelp)) return null;

  const dismiss = () => {
    setIsDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
  };

  return (
    <section className="app-notice app-notice-install" aria-label="Install the app">
      {canInstall ? (
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
