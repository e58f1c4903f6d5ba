import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { User } from '../../shared/contract';
import { readCallFailure } from '../../shared/call-failure';
import { MAX_LENGTH } from '../../shared/limits';
import { getToken } from '../../lib/token-storage';
import { createFlowToasts } from '../../ui/flow-toasts';
import { useUpdateProfile } from '../../lib/api/user';
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

function focusFirstError(errors: FormErrors) {
  const first = (['firstName', 'lastName', 'email', 'currentPassword', 'phone', 'bio', 'avatar'] as const).find(
    (field) => errors[field],
  );
  if (first) document.getElementById(`profile-${first}`)?.focus();
}

/** The edit form: avatar with preview, the fields and their rules, and the save to PUT /api/user/profile. */
export function EditProfileForm({ user, onSaved }: { user: User; onSaved?: (user: User) => void }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<ProfileForm>(() => formFromUser(user));
  const [avatar, setAvatar] = useState(user.avatar ?? '');
  const [newAvatar, setNewAvatar] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [savedEmail, setSavedEmail] = useState(user.email);
  // A number the last save added or changed: offered for proof by its code.
  const [unproved, setUnproved] = useState<string>();
  const [toasts] = useState(createFlowToasts);
  const saving = useUpdateProfile();
  const isSaving = saving.isPending;

  const change = (name: string, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    // Editing a field clears its error.
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const pickAvatar = async (file: File) => {
    const error = avatarFileError(file);
    if (error) {
      setErrors((current) => ({ ...current, avatar: error }));
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      setAvatar(dataUrl);
      setNewAvatar(dataUrl);
      setErrors((current) => ({ ...current, avatar: undefined }));
    } catch {
      setErrors((current) => ({ ...current, avatar: 'Could not read the image' }));
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!getToken()) {
      void navigate({ to: '/login', replace: true });
      return;
    }
    const found = formErrors(form, savedEmail);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstError(found);
      return;
    }
    try {
      const saved = await saving.mutateAsync(updateRequest(form, newAvatar, savedEmail));
      setForm(formFromUser(saved));
      setSavedEmail(saved.email);
      setUnproved(saved.phonenumber && saved.phonenumber !== user.phonenumber ? saved.phonenumber : undefined);
      setAvatar(saved.avatar ?? '');
      setNewAvatar(null);
      setErrors({});
      onSaved?.(saved);
      // Dismisses a 'Failed to update profile' left from an earlier attempt.
      toasts.success(PROFILE_SAVED, { autoClose: 3000 });
    } catch (error) {
      const failure = await readCallFailure(error);
      const fieldErrors = serverFieldErrors(failure.kind === 'http' ? failure.errors : undefined);
      if (failure.kind === 'http' && failure.status === 401) void navigate({ to: '/login', replace: true });
      else if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      } else toasts.error(PROFILE_SAVE_FAILED, { autoClose: 5000 });
    }
  };

  return (
    <>
      <form className="profile-card profile-form" onSubmit={save} noValidate>
        <AvatarPicker
          avatar={avatar}
          firstName={form.firstName}
          lastName={form.lastName}
          error={errors.avatar}
          onPick={pickAvatar}
        />
        <div className="profile-form-fields">
          <ProfileField
            name="firstName"
            label="First Name"
            value={form.firstName}
            error={errors.firstName}
            autoComplete="given-name"
            maxLength={MAX_LENGTH.name}
            onChange={change}
          />
          <ProfileField
            name="lastName"
            label="Last Name"
            value={form.lastName}
            error={errors.lastName}
            autoComplete="family-name"
            maxLength={MAX_LENGTH.name}
            onChange={change}
          />
          <ProfileField
            name="email"
            label="Email"
            type="email"
            value={form.email}
            error={errors.email}
            autoComplete="email"
            maxLength={MAX_LENGTH.email}
            onChange={change}
          />
          {changesEmail(form, savedEmail) ? (
            <ProfileField
              name="currentPassword"
              label="Current password"
              type="password"
              value={form.currentPassword}
              error={errors.currentPassword}
              hint="To change your email, confirm it is you."
              autoComplete="current-password"
              maxLength={MAX_LENGTH.password}
              onChange={change}
            />
          ) : null}
          <ProfileField
            name="phone"
            label="Phone (Optional)"
            type="tel"
            value={form.phone}
            error={errors.phone}
            autoComplete="tel"
            maxLength={MAX_LENGTH.phone}
            onChange={change}
          />
          <ProfileField
            name="bio"
            label="Bio (Optional)"
            multiline
            value={form.bio}
            error={errors.bio}
            placeholder="Tell us a little about yourself..."
            maxLength={MAX_LENGTH.bio}
            onChange={change}
          />
        </div>
        <div className="profile-actions">
          <button type="submit" className="button" disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save Changes'}
          </button>
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
