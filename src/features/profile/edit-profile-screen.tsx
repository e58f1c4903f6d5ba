import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import type { Answer } from '../../lib/api/answer';
import type { User } from '../../shared/contract';
import { DeferredMount } from '../../ui/deferred-mount';
import { EditProfileForm } from './edit-profile-form';
import { LoadState } from './load-state';
import { useProfileUser } from './use-profile-user';
import './profile.css';

/** Edit profile (/client/edit): back button, the form, or 'Try Again' when the profile cannot load; `user` is read by the route's loader. */
export function EditProfileScreen({ user }: { user: Promise<Answer<User>> }) {
  const current = useProfileUser(user);
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
      <LoadState state={current} loadingText="Loading profile data..." />
      {current.status === 'loaded' ? (
        <DeferredMount>
          <EditProfileForm user={current.data} />
        </DeferredMount>
      ) : null}
    </section>
  );
}
