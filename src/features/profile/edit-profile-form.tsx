import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '../../shared/contract';
import { readCallFailure } from '../../shared/call-failure';
import { MAX_LENGTH } from '../../shared/limits';
import { getToken } from '../../lib/token-storage';
import { Button } from '../../ui/button';
import { createFlowToasts } from '../../ui/flow-toasts';
import { useUpdateProfile } from '../../lib/api/user';
import { rulesResolver } from '../../lib/form-resolver';
import { avatarFileError, readAsDataUrl } from './avatar-file';
import { AvatarPicker } from './avatar-picker';
import { PhoneProof } from './phone-proof';
import { ProfileField } from './profile-field';
import {
  changesEmail,
  formErrors,
  formFromUser,
  serverFieldErrors,
  updateRequest,
  type FormErrors,
  type ProfileForm,
} from './profile-form';

export const PROFILE_SAVED = 'Profile updated successfully!';
export const PROFILE_SAVE_FAILED = 'Failed to update profile. Please try again.';

const profileResolver = rulesResolver<ProfileForm, { savedEmail: string }>((values, context) =>
  formErrors(values, context.savedEmail),
);

function focusFirstError(errors: Partial<Record<string, string | undefined>>) {
  const first = (['firstName', 'lastName', 'email', 'currentPassword', 'phone', 'bio', 'avatar'] as const).find(
    (field) => errors[field],
  );
  if (first) document.getElementById(`profile-${first}`)?.focus();
}

/** The edit form: avatar with preview, the fields and their rules, and the save to PUT /api/user/profile. */
export function EditProfileForm({ user, onSaved }: { user: User; onSaved?: (user: User) => void }) {
  const navigate = useNavigate();
  const [savedEmail, setSavedEmail] = useState(user.email);
  // Errors show on submit and a field's error goes when it is edited (no re-check while typing).
  const form = useForm<ProfileForm, { savedEmail: string }>({
    defaultValues: formFromUser(user),
    resolver: profileResolver,
    context: { savedEmail },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const values = form.watch();
  const [avatar, setAvatar] = useState(user.avatar ?? '');
  const [newAvatar, setNewAvatar] = useState<string | null>(null);
  // A number the last save added or changed: offered for proof by its code.
  const [unproved, setUnproved] = useState<string>();
  const [toasts] = useState(createFlowToasts);
  const saving = useUpdateProfile();
  const isSaving = saving.isPending;

  const field = (name: keyof ProfileForm) => form.register(name, { onChange: () => form.clearErrors(name) });
  // The avatar is no field of the form: its problem is a root error, gone at the next submit.
  const avatarError = errors.root?.avatar?.message;

  const pickAvatar = async (file: File) => {
    const error = avatarFileError(file);
    if (error) {
      form.setError('root.avatar', { message: error });
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setAvatar(dataUrl);
      setNewAvatar(dataUrl);
      form.clearErrors('root.avatar');
    } catch {
      form.setError('root.avatar', { message: 'Could not read the image' });
    }
  };

  const showErrors = (found: FormErrors) => {
    for (const [name, message] of Object.entries(found)) {
      if (!message) continue;
      if (name === 'avatar') form.setError('root.avatar', { message });
      else form.setError(name as keyof ProfileForm, { message });
    }
    focusFirstError(found);
  };

  const save = async (values: ProfileForm) => {
    try {
      const saved = await saving.mutateAsync(updateRequest(values, newAvatar, savedEmail));
      form.reset(formFromUser(saved));
      setSavedEmail(saved.email);
      setUnproved(saved.phonenumber && saved.phonenumber !== user.phonenumber ? saved.phonenumber : undefined);
      setAvatar(saved.avatar ?? '');
      setNewAvatar(null);
      onSaved?.(saved);
      // Dismisses a 'Failed to update profile' left from an earlier attempt.
      toasts.success(PROFILE_SAVED, { autoClose: 3000 });
    } catch (error) {
      const failure = await readCallFailure(error);
      const fieldErrors = serverFieldErrors(failure.kind === 'http' ? failure.errors : undefined);
      if (failure.kind === 'http' && failure.status === 401) void navigate({ to: '/login', replace: true });
      else if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
      else toasts.error(PROFILE_SAVE_FAILED, { autoClose: 5000 });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // A session gone meanwhile: back to the login, nothing checked or sent.
    if (!getToken()) {
      event.preventDefault();
      void navigate({ to: '/login', replace: true });
      return;
    }
    void form.handleSubmit(save, (found) =>
      focusFirstError(Object.fromEntries(Object.entries(found).map(([name, each]) => [name, each?.message]))),
    )(event);
  };

  return (
    <>
      <form className="profile-card profile-form" onSubmit={submit} noValidate>
        <AvatarPicker
          avatar={avatar}
          firstName={values.firstName}
          lastName={values.lastName}
          error={avatarError}
          onPick={pickAvatar}
        />
        <div className="profile-form-fields">
          <ProfileField
            field={field('firstName')}
            label="First Name"
            error={errors.firstName?.message}
            autoComplete="given-name"
            maxLength={MAX_LENGTH.name}
          />
          <ProfileField
            field={field('lastName')}
            label="Last Name"
            error={errors.lastName?.message}
            autoComplete="family-name"
            maxLength={MAX_LENGTH.name}
          />
          <ProfileField
            field={field('email')}
            label="Email"
            type="email"
            error={errors.email?.message}
            autoComplete="email"
            maxLength={MAX_LENGTH.email}
          />
          {changesEmail(values, savedEmail) ? (
            <ProfileField
              field={field('currentPassword')}
              label="Current password"
              type="password"
              error={errors.currentPassword?.message}
              hint="To change your email, confirm it is you."
              autoComplete="current-password"
              maxLength={MAX_LENGTH.password}
            />
          ) : null}
          <ProfileField
            field={field('phone')}
            label="Phone (Optional)"
            type="tel"
            error={errors.phone?.message}
            autoComplete="tel"
            maxLength={MAX_LENGTH.phone}
          />
          <ProfileField
            field={field('bio')}
            label="Bio (Optional)"
            multiline
            error={errors.bio?.message}
            placeholder="Tell us a little about yourself..."
            maxLength={MAX_LENGTH.bio}
          />
        </div>
        <div className="profile-actions">
          <Button type="submit" busy={isSaving} busyText="Saving...">
            Save Changes
          </Button>
        </div>
      </form>
      {unproved ? (
        <PhoneProof
          phone={unproved}
          onProved={(proved) => {
            setUnproved(undefined);
            onSaved?.(proved);
            toasts.success('Phone number verified', { autoClose: 3000 });
          }}
        />
      ) : null}
    </>
  );
}
