import { describe, expect, it } from 'vitest';
import { avatarFileError } from '../../../src/features/profile/avatar-file';
import { formErrors, formFromUser, serverFieldErrors, updateRequest } from '../../../src/features/profile/profile-form';
import type { User } from '../../../src/shared/contract';
import { initialsOf } from '../../../src/ui/avatar';

const user: User = {
  _id: 'u1',
  email: 'demo@greenpick.ng',
  firstname: 'Ada',
  lastname: 'Okafor',
  phonenumber: '08031234567',
  bio: 'Hi',
  avatar: '',
  referralCode: 'ADAOKAFOR',
  notification: true,
  balance: 125.5,
  subscription: null,
};

describe('edit profile form (validation)', () => {
  it("the demo client's phone '08031234567' is valid, as is the sign-up placeholder's form; 'Phone number is invalid' otherwise", () => {
    expect(formErrors(formFromUser(user), user.email)).toEqual({});
    expect(formErrors({ ...formFromUser(user), phone: '+234 803 123 4567' }, user.email)).toEqual({});
    expect(formErrors({ ...formFromUser(user), phone: '+2348012345678' }, user.email)).toEqual({});
    expect(formErrors({ ...formFromUser(user), phone: '+1 803 123 4567 890' }, user.email).phone).toBe(
      'Phone number is invalid',
    );
    expect(formErrors({ ...formFromUser(user), phone: '(803) 123-4567' }, user.email)).toEqual({});
    expect(formErrors({ ...formFromUser(user), phone: '12-34' }, user.email).phone).toBe('Phone number is invalid');
    expect(formErrors({ ...formFromUser(user), phone: '' }, user.email)).toEqual({});
  });

  it("'First name is required', 'Last name is required', 'Email is required', 'Email is invalid'", () => {
    // An account that has an e-mail keeps one (a phone-only account may have none).
    expect(
      formErrors({ firstName: ' ', lastName: '', email: '', phone: '', bio: '', currentPassword: '' }, user.email),
    ).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
    expect(formErrors({ ...formFromUser(user), email: 'ada@' }, user.email).email).toBe('Email is invalid');
  });

  it("a new e-mail needs the current password ('Enter your current password to change your email'); the same e-mail in other case does not", () => {
    const moved = { ...formFromUser(user), email: 'new@example.ng' };
    expect(formErrors(moved, user.email)).toEqual({
      currentPassword: 'Enter your current password to change your email',
    });
    expect(formErrors({ ...moved, currentPassword: 'secret-1' }, user.email)).toEqual({});
    expect(formErrors({ ...formFromUser(user), email: ' DEMO@greenpick.ng ' }, user.email)).toEqual({});
    expect(updateRequest({ ...moved, currentPassword: 'secret-1' }, null, user.email).currentPassword).toBe('secret-1');
    expect(updateRequest({ ...formFromUser(user), currentPassword: 'x' }, null, user.email)).not.toHaveProperty(
      'currentPassword',
    );
  });

  it("avatar: image types only, under 2 MB ('Image must be less than 2MB')", () => {
    expect(avatarFileError({ type: 'image/png', size: 2 * 1024 * 1024 - 1 })).toBeUndefined();
    expect(avatarFileError({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBe('Image must be less than 2MB');
    expect(avatarFileError({ type: 'application/pdf', size: 10 })).toBe('Please choose a PNG, JPEG, GIF or WebP image');
    expect(avatarFileError({ type: 'image/svg+xml', size: 10 })).toBe('Please choose a PNG, JPEG, GIF or WebP image');
  });

  it('the payload carries the avatar only when a new one was picked (absent keeps the current one)', () => {
    const form = { ...formFromUser(user), firstName: ' Ada ' };
    expect(updateRequest(form, null, user.email)).toEqual({
      firstName: 'Ada',
      lastName: 'Okafor',
      email: 'demo@greenpick.ng',
      phone: '08031234567',
      bio: 'Hi',
    });
    expect(updateRequest(form, 'data:image/png;base64,AAAA', user.email).avatar).toBe('data:image/png;base64,AAAA');
  });

  it("the server's errors object is shown per field (unknown fields are left out)", () => {
    expect(
      serverFieldErrors({ email: 'Email is already in use', bio: 'Bio must be at most 500 characters', other: 'x' }),
    ).toEqual({
      email: 'Email is already in use',
      bio: 'Bio must be at most 500 characters',
    });
    expect(serverFieldErrors(undefined)).toEqual({});
  });

  it('the default avatar is built locally from the initials', () => {
    expect(initialsOf('Ada', 'Okafor')).toBe('AO');
    expect(initialsOf('ada', '')).toBe('A');
    expect(initialsOf('', undefined)).toBe('?');
  });
});
