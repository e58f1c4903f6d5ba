import { describe, expect, it } from 'vitest';
import { cpuSlowdown, DEFAULT_CPU_SLOWDOWN } from '../../bench/cpu-slowdown';

describe('the bench CPU slowdown setting', () => {
  it("is Lighthouse's mobile 4x when not set or empty", () => {
    expect(DEFAULT_CPU_SLOWDOWN).toBe(4);
    expect(cpuSlowdown(undefined)).toBe(4);
    expect(cpuSlowdown('')).toBe(4);
    expect(cpuSlowdown('  ')).toBe(4);
  });

  it('takes a whole or decimal multiplier from 1 to 20', () => {
    expect(cpuSlowdown('7')).toBe(7);
    expect(cpuSlowdown('6.5')).toBe(6.5);
    expect(cpuSlowdown('1')).toBe(1);
    expect(cpuSlowdown('20')).toBe(20);
  });

  it('refuses anything else, naming the setting', () => {
    for (const bad of ['0', '0.5', '21', '-4', 'fast', 'NaN', 'Infinity', '4x']) {
      expect(() => cpuSlowdown(bad), bad).toThrow(/BENCH_CPU_SLOWDOWN must be a number from 1 to 20/);
    }
    expect(() => cpuSlowdown('9'.repeat(1000))).toThrow('BENCH_CPU_SLOWDOWN must be a number from 1 to 20');
  });
});
