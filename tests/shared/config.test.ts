import { describe, expect, it } from 'vitest';
import { resolveApiUrl } from '../../src/shared/config';

describe('the API base address (VITE_API_URL, default same origin)', () => {
  it('defaults to the page origin', () => {
    expect(resolveApiUrl(undefined, 'https://app.greenpick.ng')).toBe('https://app.greenpick.ng/');
    expect(resolveApiUrl('  ', 'https://app.greenpick.ng')).toBe('https://app.greenpick.ng/');
  });

  it('uses VITE_API_URL when set, with one trailing slash', () => {
    expect(resolveApiUrl('https://api.greenpick.ng', 'https://app.greenpick.ng')).toBe('https://api.greenpick.ng/');
    expect(resolveApiUrl('https://api.greenpick.ng/v1/', undefined)).toBe('https://api.greenpick.ng/v1/');
  });
});
