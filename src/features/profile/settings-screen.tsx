import { useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { version } from '../../../package.json';
import { useSessionStore } from '../../lib/session-store';
import { LogOutEverywhere } from './log-out-everywhere';
import './profile.css';

export const LOG_OUT_QUESTION = 'Log out of GreenPick on this device?';

/**
 * Settings (/client/settings): notifications (given by the route), 'Log out' after a
 * confirmation, 'Log out everywhere', and the app's version.
 */
export function SettingsScreen({ notifications }: { notifications?: ReactNode }) {
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const logOut = () => {
    useSessionStore.getState().signOut();
    void navigate({ to: '/', replace: true });
  };

  return (
    <section className="page settings">
      <h1>Settings</h1>
      <div className="profile-card">
        {notifications}
        <section aria-labelledby="settings-account-title">
          <h2 id="settings-account-title" className="settings-title">
            Account
          </h2>
          {isConfirming ? (
            <fieldset className="settings-confirm" aria-labelledby="settings-confirm-question">
              <p id="settings-confirm-question">{LOG_OUT_QUESTION}</p>
              <div className="profile-actions">
                <button type="button" className="button profile-button-danger" onClick={logOut}>
                  Log out
                </button>
                <button
                  type="button"
                  className="button profile-button-secondary"
                  onClick={() => setIsConfirming(false)}
                >
                  Stay signed in
                </button>
              </div>
            </fieldset>
          ) : (
            <button type="button" className="button profile-button-danger" onClick={() => setIsConfirming(true)}>
              Log out
            </button>
          )}
          <LogOutEverywhere
            onSignedOut={logOut}
            onSessionEnded={() => void navigate({ to: '/login', replace: true })}
          />
        </section>
        <section aria-labelledby="settings-about-title">
          <h2 id="settings-about-title" className="settings-title">
            About
          </h2>
          <p>
            GreenPick version <span className="settings-version">{version}</span>
          </p>
        </section>
      </div>
    </section>
  );
}
