import { describe, expect, it } from 'vitest';
import defaultArea from '../../server/data/service-area.json' with { type: 'json' };
import { isInServiceArea, isMultiPolygon, outsideAreaMessage } from '../../src/shared/service-area';

const area = defaultArea.geometry as { type: 'MultiPolygon'; coordinates: number[][][][] };

describe('the service area (metropolitan Lagos and Abuja by default)', () => {
  it.each([
    ['Ikeja', 6.5965, 3.3421],
    ['Yaba', 6.5095, 3.3711],
    ['Surulere', 6.4926, 3.3553],
    ['Victoria Island', 6.4281, 3.4219],
    ['Lekki Phase 1', 6.4474, 3.4723],
    ['Ajah', 6.4698, 3.5852],
    ['Ikorodu', 6.6194, 3.5105],
    ['Apapa', 6.4489, 3.3594],
    ['Abuja, Wuse', 9.0765, 7.4898],
    ['Abuja, Garki', 9.0318, 7.4937],
  ])('serves %s', (_name, lat, lng) => {
    expect(isInServiceArea({ lat, lng }, area)).toBe(true);
  });

  it.each([
    ['Ibadan', 7.3775, 3.947],
    ['Abeokuta', 7.1475, 3.3619],
    ['Kano', 12.0022, 8.592],
    ['Port Harcourt', 4.8156, 7.0498],
    ['the sea off Lagos', 6.2, 3.4],
  ])('does not serve %s', (_name, lat, lng) => {
    expect(isInServiceArea({ lat, lng }, area)).toBe(false);
  });

  it('a hole in a polygon is outside it', () => {
    const square = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    const hole = [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ];
    const withHole = { type: 'MultiPolygon' as const, coordinates: [[square, hole]] };
    expect(isInServiceArea({ lat: 2, lng: 2 }, withHole)).toBe(true);
    expect(isInServiceArea({ lat: 5, lng: 5 }, withHole)).toBe(false);
  });

  it('checks a file before using it; says where it serves', () => {
    expect(isMultiPolygon(area)).toBe(true);
    expect(isMultiPolygon({ type: 'Polygon', coordinates: [] })).toBe(false);
    expect(isMultiPolygon({ type: 'MultiPolygon', coordinates: [[[[0, 0]]]] })).toBe(false);
    expect(
      isMultiPolygon({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 'x'],
              [1, 1],
              [0, 0],
            ],
          ],
        ],
      }),
    ).toBe(false);
    expect(outsideAreaMessage(defaultArea.properties.name)).toBe(
      "We don't serve this area yet. We serve Lagos and Abuja.",
    );
  });
});
