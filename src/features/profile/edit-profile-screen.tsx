import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { EditProfileForm } from './edit-profile-form';
import { LoadError } from './load-error';
import { useCurrentUser } from './use-current-user';
import './profile.css';

const MESSAGES = { noToken: 'No authentication token found', failed: 'Failed to load profile data', redirectOnUnauthorized: true };

/** Edit profile (/client/edit): back button, the form, or 'Try Again' when the profile cannot load. */
export function EditProfileScreen() {
  const [current, setUser] = useCurrentUser(MESSAGES);
  const navigate = useNavigate();
  const router = useRouter();
  const canGoBack = useCanGoBack();

  const back = () => (canGoBack ? router.history.back() : void navigate({ to: '/client/profile' }));

  return (
    <section className="page profile">
      <div className="profile-title-row">
        <button type="button" className="profile-back" onClick={back} aria-label="Back">
          <span aria-hidden="true">←</span>
        </button>
        <h1>Edit Profile</h1>
      </div>
      {current.status === 'loading' ? (
        <p className="muted" role="status">
          Loading profile data...
        </p>
      ) : null}
      {current.status === 'error' && !current.isUnauthorized ? <LoadError message={current.message} /> : null}
      {current.status === 'loaded' ? <EditProfileForm user={current.user} onSaved={setUser} /> : null}
    </section>
  );
}
