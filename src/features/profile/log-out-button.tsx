import { useState } from 'react';

export const LOG_OUT_QUESTION = 'Log out of GreenPick on this device?';

/** 'Log out' (Profile: the spec's 'Log Out'), asked to confirm first (Profile and Settings alike). */
export function LogOutButton({ onLogOut, label = 'Log out' }: { onLogOut: () => void; label?: string }) {
  const [isConfirming, setIsConfirming] = useState(false);
  if (!isConfirming)
    return (
      <button type="button" className="button profile-button-danger" onClick={() => setIsConfirming(true)}>
        {label}
      </button>
    );
  return (
    <fieldset className="settings-confirm" aria-labelledby="settings-confirm-question">
      <p id="settings-confirm-question">{LOG_OUT_QUESTION}</p>
      <div className="profile-actions">
        <button type="button" className="button profile-button-danger" onClick={onLogOut}>
          Log out
        </button>
        <button type="button" className="button profile-button-secondary" onClick={() => setIsConfirming(false)}>
          Stay signed in
        </button>
      </div>
    </fieldset>
  );
}
