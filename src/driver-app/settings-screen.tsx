/**
 * Settings (/settings, docs/driver.md): whether an offer rings, which maps app Navigate opens,
 * and offers by notification on this phone. Kept on the phone (./settings.ts).
 */
import { useState } from 'react';
import { notificationPermission, pushSupport } from '../lib/push-device';
import { NAVIGATION_APP_NAMES, type NavigationApp } from '../shared/navigation-links';
import { turnOnOfferPushes } from './push';
import { changeDriverSetting, useDriverSettings } from './settings';

export function SettingsScreen() {
  const settings = useDriverSettings();
  return (
    <main className="driver-main">
      <h1>Settings</h1>
      <label className="driver-check">
        <input
          type="checkbox"
          checked={settings.ring}
          onChange={(event) => changeDriverSetting('ring', event.currentTarget.checked)}
        />
        Ring for offers
      </label>
      <p className="driver-hint">Off: a new offer vibrates and shows, without sound.</p>
      <NavigationChoice
        legend="Navigate with"
        value={settings.navigationApp}
        onChoose={(app) => changeDriverSetting('navigationApp', app)}
      />
      <OfferNotifications />
    </main>
  );
}

/** The three maps apps; used here and at the first Navigate. */
export function NavigationChoice({
  legend,
  value,
  onChoose,
}: {
  legend: string;
  value: NavigationApp | null;
  onChoose: (app: NavigationApp) => void;
}) {
  return (
    <fieldset className="driver-choice">
      <legend>{legend}</legend>
      {(Object.keys(NAVIGATION_APP_NAMES) as NavigationApp[]).map((app) => (
        <label key={app} className="driver-check">
          <input type="radio" name="navigation-app" checked={value === app} onChange={() => onChoose(app)} />
          {NAVIGATION_APP_NAMES[app]}
        </label>
      ))}
    </fieldset>
  );
}

function OfferNotifications() {
  const [state, setState] = useState<string | null>(null);
  const support = pushSupport();
  if (support !== 'supported')
    return (
      <p className="driver-hint">
        {support === 'install-first'
          ? 'Offers by notification: add the app to the Home Screen first (Share, then Add to Home Screen).'
          : 'This browser cannot get offers by notification: keep the app open while online.'}
      </p>
    );
  const granted = notificationPermission() === 'granted';
  const turnOn = async () => {
    setState('Turning on…');
    const outcome = await turnOnOfferPushes();
    changeDriverSetting('pushDeclined', false);
    setState(
      outcome === 'subscribed'
        ? 'Offers reach this phone with the app closed.'
        : outcome === 'denied'
          ? "Notifications are blocked: allow them for this site in the browser's settings."
          : 'Could not turn them on. Try again when the network is back.',
    );
  };
  return (
    <section aria-labelledby="settings-push">
      <h2 id="settings-push">Offers with the app closed</h2>
      <p className="driver-hint">
        {granted ? 'On: offers, tasks given to you, cancels and messages ring on this phone.' : 'Off on this phone.'}
      </p>
      <button type="button" className="driver-button driver-button-quiet" onClick={() => void turnOn()}>
        {granted ? 'Check offer notifications' : 'Turn on offer notifications'}
      </button>
      {state ? <p role="status">{state}</p> : null}
    </section>
  );
}
