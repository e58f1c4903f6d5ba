import { useState } from 'react';
import { config } from '../shared/config';
import './avatar.css';

/** 'Ada' + 'Okafor' → 'AO'; one name gives one letter; none gives '?'. */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const letters = [firstName, lastName].map((name) => (name ?? '').trim().charAt(0).toUpperCase()).join('');
  return letters || '?';
}

const HUES = [145, 170, 200, 25, 280, 330, 90];

/** A stable colour per name, so the same person always gets the same avatar. */
function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return HUES[hash % HUES.length];
}

/**
 * Where to load a picture from: the API answers `/avatars/<id>`, a path under its own base
 * address (which may be another origin, VITE_API_URL); a data URL (a preview, or a response
 * kept from before avatars had their own URL) is used as it is.
 */
export function avatarAddress(src: string, apiUrl: string = config.apiUrl): string {
  return src.startsWith('/') && !src.startsWith('//') ? new URL(src.slice(1), apiUrl).href : src;
}

interface AvatarProps {
  /** The avatar's URL (`/avatars/<id>` from the API, or a data URL); empty shows the initials. */
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Pixels; default 64. */
  size?: number;
  className?: string;
}

/**
 * The user's avatar, or when none is set, or it cannot be loaded (offline: pictures are not
 * kept for offline use), a default built here from the initials (no outside avatar service,
 * so it works offline).
 */
export function Avatar({ src, firstName, lastName, size = 64, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = [firstName, lastName].filter(Boolean).join(' ') || 'User';
  const classes = className ? `avatar ${className}` : 'avatar';
  if (src && src !== failedSrc) {
    return (
      <img
        className={classes}
        src={avatarAddress(src)}
        alt={`${name}'s avatar`}
        width={size}
        height={size}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const initials = initialsOf(firstName, lastName);
  return (
    <span
      className={`${classes} avatar-initials`}
      role="img"
      aria-label={`${name}'s avatar`}
      style={{ width: size, height: size, fontSize: size * 0.4, background: `hsl(${hueOf(name)} 45% 38%)` }}
    >
      {initials}
    </span>
  );
}
