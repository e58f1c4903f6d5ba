import { useState } from 'react';
import { notificationPermission, pushSupport } from '../../lib/push-device';
import { BLOCKED, FAILED, LATER_HINT, NOT_NOW, OFFER_TEXT, ON_HERE, TURN_ON } from './notification-texts';
import { usePushDevice } from './use-push-device';
import './notifications.css';

const DISMISSED_KEY = 'greenpick-push-offer-dismissed';

function isDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether to offer notifications now: the browser can push and was never asked, and the client did not say 'Not now'. */
export function shouldOfferPush(): boolean {
  return pushSupport() === 'supported' && notificationPermission() === 'default' && !isDismissed();
}

/**
 * After a paid booking (never on load): the offer to be told when the driver is on the way.
 * The browser's permission question comes only from its button.
 */
export function PushOffer() {
  const [shown, setShown] = useState(shouldOfferPush);
  const device = usePushDevice();
  if (!shown) return null;
  const { kind } = device.state;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: offered again after the next booking.
    }
    setShown(false);
  };
  const answered = kind === 'on' || kind === 'blocked';
  return (
    <aside className="push-offer" aria-label="Notifications">
      {kind === 'on' ? (
        <p role="status">{ON_HERE}</p>
      ) : kind === 'blocked' ? (
        <p role="alert">{BLOCKED}</p>
      ) : (
        <>
          <p>{OFFER_TEXT}</p>
          {kind === 'failed' ? <p role="alert">{FAILED}</p> : null}
        </>
      )}
      {kind === 'on' ? null : <p className="push-offer-hint">{LATER_HINT}</p>}
      <div className="push-offer-actions">
        {answered ? null : (
          <button type="button" className="button" disabled={device.busy} onClick={() => void device.turnOn()}>
            {TURN_ON}
          </button>
        )}
        <button type="button" className="button push-offer-later" onClick={dismiss}>
          {answered ? 'Close' : NOT_NOW}
        </button>
      </div>
    </aside>
  );
}
