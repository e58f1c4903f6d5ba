import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { clearToken } from '../../lib/token-storage';
import { Logo } from '../../ui/logo';
import { HistoryIcon, HomeIcon, ProfileIcon } from './nav-icons';

const ENTRIES = [
  { to: '/client/home', label: 'Home', Icon: HomeIcon },
  { to: '/client/history', label: 'History', Icon: HistoryIcon },
  { to: '/client/profile', label: 'Profile', Icon: ProfileIcon },
] as const;

/**
 * The signed-in area's frame (SPEC section 2): Home, History and Profile as a bottom tab bar
 * below 768px wide, otherwise a left sidebar with the logo and Logout (the layout switch is
 * in CSS, so nothing re-renders on resize).
 */
export function SignedInShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const logout = () => {
    clearToken();
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
          Logout
        </button>
      </nav>
      <main id="content" className="shell-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
