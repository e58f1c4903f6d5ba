import { useState } from 'react';
import { toast } from 'react-toastify';
import { logOutEverywhere } from '../../lib/api/user';
import { readCallFailure } from '../../shared/call-failure';

export const LOGGED_OUT_EVERYWHERE = 'You have been logged out on every device.';
export const LOG_OUT_EVERYWHERE_FAILED = 'Could not log out everywhere. Please check your connection and try again.';

/**
 * 'Log out everywhere' (a lost phone, a shared computer): the server ends every session of
 * the user, then this device signs out as with Log Out. If the server cannot be reached,
 * nothing is ended and the person is told so, rather than signed out here only.
 */
export function LogOutEverywhere({
  onSignedOut,
  onSessionEnded,
}: {
  onSignedOut: () => void;
  onSessionEnded: () => void;
}) {
  const [isBusy, setIsBusy] = useState(false);

  const run = async () => {
    setIsBusy(true);
    try {
      await logOutEverywhere();
      toast.success(LOGGED_OUT_EVERYWHERE, { autoClose: 4000 });
      onSignedOut();
    } catch (error) {
      // 401: this session had already ended (the HTTP client has signed it out).
      const failure = await readCallFailure(error);
      if (failure.kind === 'http' && failure.status === 401) onSessionEnded();
      else toast.error(LOG_OUT_EVERYWHERE_FAILED, { autoClose: 5000 });
      setIsBusy(false);
    }
  };

  return (
    <div className="profile-sessions">
      <button
        type="button"
        className="button profile-button-secondary"
        disabled={isBusy}
        aria-describedby="log-out-everywhere-hint"
        onClick={() => void run()}
      >
        {isBusy ? 'Logging out...' : 'Log out everywhere'}
      </button>
      <p id="log-out-everywhere-hint" className="muted profile-hint">
        Signs you out on every phone and computer, this one included.
      </p>
    </div>
  );
}
