import { validateAvatarSize } from '../../shared/validation/profile';

/** The image types the server stores (it checks the bytes too). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_TYPE_ERROR = 'Please choose a PNG, JPEG, GIF or WebP image';

/** Why a chosen file cannot be the avatar (image types only, under 2 MB), or undefined. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_TYPE_ERROR;
  return validateAvatarSize(file.size);
}

/** The file as a data URL, the form the server keeps avatars in. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Could not read the image'));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(file);
  });
}
