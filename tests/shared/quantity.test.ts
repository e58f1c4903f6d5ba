import { describe, expect, it } from 'vitest';
import { timesQuantity } from '../../src/shared/money';
import { quantityProblem, quantityRule, quantityText, wholeSteps } from '../../src/shared/quantity';

describe('how much a booking asks for', () => {
  it("asks by unit: 'How many kg?' (0.5 steps, 1-200), items (1-50), hours (1-12); per pickup asks nothing", () => {
    expect(quantityRule('per kg')).toMatchObject({ label: 'How many kg?', min: 1, max: 200, step: 0.5 });
    expect(quantityRule('per item')).toMatchObject({ label: 'How many items?', min: 1, max: 50, step: 1 });
    expect(quantityRule('per hour')).toMatchObject({ label: 'How many hours?', min: 1, max: 12, step: 1 });
    expect(quantityRule('per pickup')).toBeNull();
  });

  it.each([
    ['per kg', 1, null],
    ['per kg', 3.5, null],
    ['per kg', 200, null],
    ['per kg', 0.5, 'Quantity must be from 1 to 200 kg'],
    ['per kg', 200.5, 'Quantity must be from 1 to 200 kg'],
    ['per kg', 2.25, 'Quantity must be in steps of 0.5 kg'],
    ['per item', 50, null],
    ['per item', 51, 'Quantity must be from 1 to 50 items'],
    ['per item', 1.5, 'Quantity must be a whole number of items'],
    ['per hour', 12, null],
    ['per hour', 13, 'Quantity must be from 1 to 12 hours'],
    ['per pickup', 1, null],
    ['per pickup', 2, 'This service is booked one pickup at a time'],
    ['per kg', Number.NaN, 'Quantity must be a number'],
    ['per kg', Number.POSITIVE_INFINITY, 'Quantity must be a number'],
  ] as const)('%s x %s: %s', (unit, quantity, problem) => {
    expect(quantityProblem(unit, quantity)).toBe(problem);
  });

  it('the total is price x quantity in kobo; the text names the unit', () => {
    expect(timesQuantity(100_000, 3)).toBe(300_000);
    expect(timesQuantity(150_000, 2.5)).toBe(375_000);
    expect(timesQuantity(100_025, 0.5)).toBe(50_013);
    expect(wholeSteps(2.3, 0.5)).toBe(2);
    expect(wholeSteps(2.5, 0.5)).toBe(2.5);
    expect(wholeSteps(0.0049, 1)).toBe(0);
    expect(quantityText('per kg', 3)).toBe('3 kg');
    expect(quantityText('per item', 1)).toBe('1 item');
    expect(quantityText('per hour', 2)).toBe('2 hours');
    expect(quantityText('per pickup', 1)).toBe('');
  });
});
