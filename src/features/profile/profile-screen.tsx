import { Link, useNavigate } from '@tanstack/react-router';
import { useSessionStore } from '../../lib/session-store';
import { Avatar } from '../../ui/avatar';
import { LoadError } from './load-error';
import { LogOutEverywhere } from './log-out-everywhere';
import { useCurrentUser } from './use-current-user';
import './profile.css';

// A 401 has already removed the token (src/lib/http.ts); the profile then goes to /login (SPEC section 8).
const MESSAGES = { noToken: 'No authentication token found', failed: 'Failed to load profile data', redirectOnUnauthorized: true };

/** The read-only profile (/client/profile) with Edit Profile, Referral, Log Out and Log out everywhere. */
export function ProfileScreen() {
  const [current] = useCurrentUser(MESSAGES);
  const navigate = useNavigate();

  const logOut = () => {
    useSessionStore.getState().signOut();
    void navigate({ to: '/', replace: true });
  };

  return (
    <section className="page profile">
      <h1>Profile</h1>
      {current.status === 'loading' ? (
        <p className="muted" role="status">
          Loading profile data...
        </p>
      ) : null}
      {current.status === 'error' && !current.isUnauthorized ? <LoadError message={current.message} /> : null}
      {current.status === 'loaded' ? (
        <div className="profile-card">
          <div className="profile-identity">
            <Avatar src={current.user.avatar} firstName={current.user.firstname} lastName={current.user.lastname} size={96} />
            <div>
              <p className="profile-name">
                {current.user.firstname} {current.user.lastname}
              </p>
              {current.user.bio ? <p className="muted profile-bio">{current.user.bio}</p> : null}
            </div>
          </div>
          <dl className="profile-fields">
            <div>
              <dt>First Name</dt>
              <dd>{current.user.firstname}</dd>
            </div>
            <div>
              <dt>Last Name</dt>
              <dd>{current.user.lastname}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{current.user.email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{current.user.phonenumber || 'Not set'}</dd>
            </div>
          </dl>
          <div className="profile-actions">
            <Link to="/client/edit" className="button">
              Edit Profile
            </Link>
            <Link to="/client/referal" className="button profile-button-secondary">
              Referral
            </Link>
            <button type="button" className="button profile-button-danger" onClick={logOut}>
              Log Out
            </button>
          </div>
          <LogOutEverywhere onSignedOut={logOut} onSessionEnded={() => void navigate({ to: '/login', replace: true })} />
        </div>
      ) : null}
    </section>
  );
}
