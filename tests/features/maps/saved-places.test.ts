import { describe, expect, it } from 'vitest';
import { savedSuggestions } from '../../../src/features/maps/saved-places';

const point = (lng: number, lat: number) => ({ type: 'Point' as const, coordinates: [lng, lat] as [number, number] });

describe('saved places in the address search', () => {
  it("offers 'Home' and 'Work' by name, then the last addresses used, each with its place and details", () => {
    const suggestions = savedSuggestions({
      saved: [
        {
          label: 'home',
          address: '22 Awolowo Way, Ikeja',
          location: point(3.3515, 6.6018),
          addressDetails: 'Blue gate',
        },
        { label: 'work', address: 'Yaba, Lagos', location: point(3.3711, 6.5095), addressDetails: '' },
      ],
      recent: [{ label: null, address: 'Surulere, Lagos', location: point(3.3553, 6.4926), addressDetails: 'Flat 2' }],
    });
    expect(suggestions.map(({ primary, secondary }) => [primary, secondary])).toEqual([
      ['Home', '22 Awolowo Way, Ikeja'],
      ['Work', 'Yaba, Lagos'],
      ['Surulere, Lagos', 'Recently used'],
    ]);
    expect(suggestions[0]!.choice).toEqual({
      address: '22 Awolowo Way, Ikeja',
      location: { lat: 6.6018, lng: 3.3515 },
      addressDetails: 'Blue gate',
    });
    expect(suggestions[1]!.choice).not.toHaveProperty('addressDetails');
    expect(new Set(suggestions.map((suggestion) => suggestion.id)).size).toBe(3);
  });
});
