import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { DeferredMount } from '../../ui/deferred-mount';
import { EditProfileForm } from './edit-profile-form';
import { LoadState } from './load-state';
import { PROFILE_TEXTS } from './profile-texts';
import { useProfileUser } from './use-profile-user';
import './profile.css';

/** Edit profile (/client/edit): back button, the form, or 'Try Again' when the profile cannot load. */
export function EditProfileScreen() {
  const query = useProfileUser();
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
      <LoadState query={query} loadingText="Loading profile data..." texts={PROFILE_TEXTS} />
      {query.data ? (
        <DeferredMount>
          <EditProfileForm user={query.data.data} />
        </DeferredMount>
      ) : null}
    </section>
  );
}
