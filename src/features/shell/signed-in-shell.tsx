import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSessionStore } from '../../lib/session-store';
import { getToken } from '../../lib/token-storage';
import { InstallPrompt } from '../../ui/install-prompt';
import { Logo } from '../../ui/logo';
import { HistoryIcon, HomeIcon, LogoutIcon, ProfileIcon } from './nav-icons';
import './signed-in-shell.css';

const ENTRIES = [
  { to: '/client/home', label: 'Home', Icon: HomeIcon },
  { to: '/client/history', label: 'History', Icon: HistoryIcon },
  { to: '/client/profile', label: 'Profile', Icon: ProfileIcon },
] as const;

/**
 * The signed-in area's frame (docs/product.md, Screens): Home, History and Profile as a bottom tab bar
 * below 768px wide, otherwise a left sidebar with the logo and Logout (the layout switch is
 * in CSS, so nothing re-renders on resize). Whenever the session ends while this frame is
 * shown, or before it was shown (a logout anywhere, a 401 from any call, a logout in another
 * tab), it returns to the login screen at /, which shows the notice of an expired session.
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();

  useEffect(() => {
    const leave = () => void navigate({ to: '/', replace: true });
    const unsubscribe = useSessionStore.subscribe((state) => {
      if (!state.token) leave();
    });
    // Another tab logged out and the token left the shared storage: end this session too.
    const onStorage = () => {
      if (!getToken()) useSessionStore.getState().signOut();
    };
    window.addEventListener('storage', onStorage);
    // The screens' reads start in their route loaders, before this frame is shown: a 401 may
    // already have ended the session.
    if (!getToken()) leave();
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [navigate]);

  const logout = () => {
    useSessionStore.getState().signOut();
    void navigate({ to: '/', replace: true });
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <nav className="shell-nav" aria-label="Main">
        <Logo className="shell-logo" />
        <ul className="shell-links">
          {ENTRIES.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link to={to} className="shell-link">
                <Icon />
                <span>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
        <button type="button" className="shell-logout" onClick={logout}>
          <LogoutIcon />
          <span>Logout</span>
        </button>
      </nav>
      <main id="content" className="shell-main" tabIndex={-1}>
        {children}
        <InstallPrompt />
      </main>
    </div>
  );
}
