import { describe, expect, it } from 'vitest';
import { planDisplay, planTone } from '../../../src/features/dashboard/plan-display';

describe('plan display (plan values and colours)', () => {
  it('plan colours: bronze amber, silver blue, gold yellow, any other value purple', () => {
    expect(planTone('bronze')).toBe('amber');
    expect(planTone('Silver')).toBe('blue');
    expect(planTone('gold')).toBe('yellow');
    expect(planTone('platinum')).toBe('purple');
    expect(planTone('diamond')).toBe('purple');
  });

  it('absent means Freemium', () => {
    expect(planDisplay(null)).toEqual({
      name: 'Freemium',
      tone: null,
      expiresAt: null,
      isFreemium: true,
      hasExpired: false,
    });
    expect(planDisplay(undefined).isFreemium).toBe(true);
    expect(planDisplay({ plan: '', expiresAt: '2030-01-01T00:00:00.000Z' }).name).toBe('Freemium');
  });

  it('a plan in force shows its name, colour and expiry', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(planDisplay({ plan: 'silver', expiresAt: '2027-01-22T10:00:00.000Z' }, now)).toEqual({
      name: 'Silver',
      tone: 'blue',
      expiresAt: '2027-01-22T10:00:00.000Z',
      isFreemium: false,
      hasExpired: false,
    });
  });

  it("a plan that has run out reads Freemium again, with 'Renew'", () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(planDisplay({ plan: 'gold', expiresAt: '2026-11-01T00:00:00.000Z' }, now)).toMatchObject({
      isFreemium: true,
      hasExpired: true,
    });
  });
});
