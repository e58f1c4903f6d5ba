import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { version } from '../../../package.json';
import { useSessionStore } from '../../lib/session-store';
import { LogOutButton } from './log-out-button';
import { LogOutEverywhere } from './log-out-everywhere';
import './profile.css';

/**
 * Settings (/client/settings): notifications (given by the route), 'Log out' after a
 * confirmation, 'Log out everywhere', and the app's version.
 */
export function SettingsScreen({ notifications }: { notifications?: ReactNode }) {
  const navigate = useNavigate();
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
          <LogOutButton onLogOut={logOut} />
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
