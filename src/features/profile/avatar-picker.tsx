import type { ChangeEvent } from 'react';
import { Avatar } from '../../ui/avatar';
import { AVATAR_TYPES } from './avatar-file';

interface AvatarPickerProps {
  avatar: string;
  firstName: string;
  lastName: string;
  error?: string;
  onPick: (file: File) => void;
}

/** The avatar (or the initials) with an upload control; the picked image shows at once as a preview. */
export function AvatarPicker({ avatar, firstName, lastName, error, onPick }: AvatarPickerProps) {
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <div className="profile-avatar-picker">
      <Avatar src={avatar} firstName={firstName} lastName={lastName} size={96} />
      <div>
        <input
          id="profile-avatar"
          className="profile-file-input"
          type="file"
          accept={AVATAR_TYPES.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'profile-avatar-error' : 'profile-avatar-hint'}
          onChange={pick}
        />
        <label htmlFor="profile-avatar" className="button profile-button-secondary profile-upload">
          Upload Photo
        </label>
        <p id="profile-avatar-hint" className="muted profile-hint">
          PNG, JPEG, GIF or WebP, under 2 MB.
        </p>
        {error ? (
          <p id="profile-avatar-error" className="profile-field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
