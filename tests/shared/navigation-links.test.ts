import { describe, expect, it } from 'vitest';
import { navigationLink } from '../../src/shared/navigation-links';

describe('navigation hand-off', () => {
  it('opens each maps app at the pin, driving where the app takes a mode', () => {
    expect(navigationLink('google', 6.5005, 3.3581)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=6.5005,3.3581&travelmode=driving',
    );
    expect(navigationLink('waze', 6.5005, 3.3581)).toBe('https://waze.com/ul?ll=6.5005,3.3581&navigate=yes');
    expect(navigationLink('geo', 6.5005, 3.3581)).toBe('geo:6.5005,3.3581?q=6.5005,3.3581');
  });
});
