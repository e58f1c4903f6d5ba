/**
 * Lighthouse's simulated CPU slowdown for the bench (Lighthouse's mobile default is 4). The
 * same 4x on a faster machine gives less blocking time, so `BENCH_CPU_SLOWDOWN` lets one
 * machine stand in for a slower one: 4 x (this machine's benchmark index / the other's).
 */
export const DEFAULT_CPU_SLOWDOWN = 4;

export function cpuSlowdown(value: string | undefined = process.env.BENCH_CPU_SLOWDOWN): number {
  if (value === undefined || value.trim() === '') return DEFAULT_CPU_SLOWDOWN;
  if (value.length > 10) throw new Error('BENCH_CPU_SLOWDOWN must be a number from 1 to 20');
  const multiplier = Number(value);
  if (!Number.isFinite(multiplier) || multiplier < 1 || multiplier > 20) {
    throw new Error(`BENCH_CPU_SLOWDOWN must be a number from 1 to 20, not '${value}'`);
  }
  return multiplier;
}
