import { useState } from 'react';
import type { ApplyUpdate, ReloadBlocker } from '../lib/sw-bridge';
import './update-available.css';

const WAIT_REASONS: Record<Exclude<ReloadBlocker, null>, string> = {
  payment: 'Finish your payment first, then reload.',
  'unsent-chat': 'Your messages are still waiting to be sent. Reload once they are sent.',
};

/** The toast body offering a waiting new version. The app never reloads itself, nor during a payment or with unsent chat. */
export function UpdateAvailable({ onReload }: { onReload: ApplyUpdate }) {
  const [blocker, setBlocker] = useState<ReloadBlocker>(null);
  return (
    <div className="update-available">
      <span>Update available</span>
      <button type="button" className="button button-small" onClick={() => void onReload().then(setBlocker)}>
        Reload
      </button>
      {blocker ? <p className="update-available-wait">{WAIT_REASONS[blocker]}</p> : null}
    </div>
  );
}
