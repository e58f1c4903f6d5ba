import { Link, useNavigate } from '@tanstack/react-router';
import { useSessionStore } from '../../lib/session-store';
import { formatPhone } from '../../shared/validation/phone';
import { Avatar } from '../../ui/avatar';
import { LoadState } from './load-state';
import { PROFILE_TEXTS } from './profile-texts';
import { LogOutButton } from './log-out-button';
import { LogOutEverywhere } from './log-out-everywhere';
import { useProfileUser } from './use-profile-user';
import './profile.css';

const SUPPORT_EMAIL = 'support@greenpick.ng';

/**
 * The read-only profile (/client/profile) with Edit Profile and Referral; then the client's
 * places in the app (plan, points, recurring pickups, help, settings), as the tab bar has no
 * room for them; 'Log out' (asked to confirm, as in Settings) and Log out everywhere.
 */
export function ProfileScreen() {
  const query = useProfileUser();
  const current = query.data;
  const navigate = useNavigate();

  const logOut = () => {
    useSessionStore.getState().signOut();
    void navigate({ to: '/', replace: true });
  };

  return (
    <section className="page profile">
      <h1>Profile</h1>
      <LoadState query={query} loadingText="Loading profile data..." texts={PROFILE_TEXTS} />
      {current ? (
        <div className="profile-card">
          <div className="profile-identity">
            <Avatar
              src={current.data.avatar}
              firstName={current.data.firstname}
              lastName={current.data.lastname}
              size={96}
            />
            <div>
              <p className="profile-name">
                {current.data.firstname} {current.data.lastname}
              </p>
              {current.data.bio ? <p className="muted profile-bio">{current.data.bio}</p> : null}
            </div>
          </div>
          <dl className="profile-fields">
            <div>
              <dt>First Name</dt>
              <dd>{current.data.firstname}</dd>
            </div>
            <div>
              <dt>Last Name</dt>
              <dd>{current.data.lastname}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{current.data.email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{current.data.phonenumber ? formatPhone(current.data.phonenumber) : 'Not set'}</dd>
            </div>
          </dl>
          <div className="profile-actions">
            <Link to="/client/edit" className="button">
              Edit Profile
            </Link>
            <Link to="/client/referal" className="button profile-button-secondary">
              Referral
            </Link>
          </div>
          <nav className="profile-menu" aria-label="Your account">
            <ul>
              <li>
                <Link to="/client/subscribe">
                  Your plan<span className="profile-menu-hint">What it covers, its weekly report</span>
                </Link>
              </li>
              <li>
                <Link to="/client/points">
                  Points<span className="profile-menu-hint">Your balance and how you earned it</span>
                </Link>
              </li>
              <li>
                <Link to="/client/schedules">
                  Recurring pickups<span className="profile-menu-hint">The pickups that repeat each week</span>
                </Link>
              </li>
              <li>
                <a href={`mailto:${SUPPORT_EMAIL}`}>
                  Help<span className="profile-menu-hint">{SUPPORT_EMAIL}</span>
                </a>
              </li>
              <li>
                <Link to="/client/settings">
                  Settings<span className="profile-menu-hint">Notifications, log out, version</span>
                </Link>
              </li>
            </ul>
          </nav>
          <div className="profile-actions">
            <LogOutButton onLogOut={logOut} label="Log Out" />
          </div>
          <LogOutEverywhere
            onSignedOut={logOut}
            onSessionEnded={() => void navigate({ to: '/login', replace: true })}
          />
        </div>
      ) : null}
    </section>
  );
}
